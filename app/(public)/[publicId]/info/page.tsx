import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { SmsProgramInfoScreen } from '@/components/settings/sms-program-info-screen'
import { getSmsProgramInfo } from '@/lib/messaging/sms/sms-program-info'

export async function generateMetadata() {
  return { title: (await getTranslations('smsProgramInfo'))('documentTitle') }
}

export default async function SmsProgramInfoPage({ params }: { params: Promise<{ publicId: string }> }) {
  const info = await getSmsProgramInfo((await params).publicId)
  if (!info) notFound()
  return <SmsProgramInfoScreen info={info} />
}
