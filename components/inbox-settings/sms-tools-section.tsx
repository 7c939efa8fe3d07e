'use client'
// The SMS account tools on /settings/sms (issue 25 §2): opt-in keywords, sending numbers and
// pricing per country, each saved on its own.
import { usePermission } from '@/lib/client/shell-context'
import { SmsKeywordsCard } from './sms-keywords-card'
import { SmsSenderNumbersCard } from './sms-sender-numbers-card'
import { SmsPricingCard } from './sms-pricing-card'

export function SmsToolsSection() {
  const canEdit = usePermission(['account_settings_write'])
  return (
    <>
      <SmsKeywordsCard canEdit={canEdit} />
      <SmsSenderNumbersCard canEdit={canEdit} />
      <SmsPricingCard canEdit={canEdit} />
    </>
  )
}
