import { getTranslations } from 'next-intl/server'
import { SmsUnsubscribeScreen } from '@/components/settings/sms-unsubscribe-screen'
import { describeSmsUnsubscribe } from '@/lib/messaging/sms/unsubscribe-by-token'

export async function generateMetadata() {
  return { title: (await getTranslations('smsUnsubscribe'))('documentTitle') }
}

export default async function SmsUnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ t?: string | string[] }>
}) {
  const raw = (await searchParams).t
  const token = typeof raw === 'string' ? raw : ''
  return <SmsUnsubscribeScreen token={token} target={token ? await describeSmsUnsubscribe(token) : null} />
}
