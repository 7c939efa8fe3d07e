import { getTranslations } from 'next-intl/server'
import { ConfirmEmailScreen } from '@/components/auth/confirm-email-screen'
import { confirmEmail } from '@/lib/auth/email-confirmation'

export async function generateMetadata() {
  return { title: (await getTranslations('emailConfirm'))('documentTitle') }
}

export default async function ConfirmEmailPage({ params }: { params: Promise<{ uid: string; token: string }> }) {
  const { uid, token } = await params
  return <ConfirmEmailScreen confirmed={await confirmEmail(uid, token)} />
}
