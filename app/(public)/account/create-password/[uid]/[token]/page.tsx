import { getTranslations } from 'next-intl/server'
import { InvitationScreen } from '@/components/settings/invitation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('invitation'))('title') }
}

export default async function CreatePasswordPage({ params }: { params: Promise<{ uid: string; token: string }> }) {
  const { uid, token } = await params
  return <InvitationScreen uid={uid} token={token} />
}
