// The public /sms/unsubscribe page (a link in an SMS): names the company and the masked
// number, and unsubscribes with one click (POST /ajax/sms/unsubscribe with the signed token).
import { getTranslations } from 'next-intl/server'
import { AuthCard } from '@/components/auth/auth-card'
import { ErrorIcon, SuccessIcon } from '@/components/ui/icons'
import type { SmsUnsubscribeTarget } from '@/lib/messaging/sms/unsubscribe-by-token'
import { SmsUnsubscribeButton } from './sms-unsubscribe-button'

export async function SmsUnsubscribeScreen({ token, target }: { token: string; target: SmsUnsubscribeTarget | null }) {
  const t = await getTranslations('smsUnsubscribe')
  if (!target)
    return (
      <AuthCard
        icon={<ErrorIcon size={24} />}
        iconTone="danger"
        title={t('invalidTitle')}
        subtitle={t('invalidBody')}
      />
    )
  if (target.unsubscribed) {
    return (
      <AuthCard
        icon={<SuccessIcon size={24} />}
        iconTone="success"
        title={t('doneTitle')}
        subtitle={t('doneBody', { company: target.companyName, phone: target.phoneMasked })}
      />
    )
  }
  return (
    <AuthCard title={t('title')} subtitle={t('body', { company: target.companyName, phone: target.phoneMasked })}>
      <SmsUnsubscribeButton token={token} />
    </AuthCard>
  )
}
