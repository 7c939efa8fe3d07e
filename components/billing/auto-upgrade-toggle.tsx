'use client'
// The consent to move up a tier at the limit instead of skipping messages, per channel
// (change-auto-upgrade-consent). Only billing writers can change it.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { mutate as refresh } from 'swr'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import { BILLING } from './billing-api'

export function AutoUpgradeToggle({ channel, enabled }: { channel: 'email' | 'sms'; enabled: boolean }) {
  const t = useTranslations('billing')
  const toast = useToast()
  const canWrite = usePermission('billing_write')
  const [busy, setBusy] = useState(false)
  async function change(on: boolean) {
    setBusy(true)
    try {
      await http.post(
        '/ajax/billing/change-auto-upgrade-consent',
        channel === 'email' ? { emailEnabled: on } : { smsEnabled: on },
      )
      await Promise.all([refresh(BILLING.plans), refresh(BILLING.package)])
      toast.show({ variant: 'success', content: on ? t('autoUpgradeOn') : t('autoUpgradeOff') })
    } catch (e) {
      toast.show({ variant: 'error', content: readHttpFailure(e).message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <label>
      <input
        type="checkbox"
        checked={enabled}
        disabled={!canWrite || busy}
        onChange={(e) => void change(e.target.checked)}
        data-testid={`auto-upgrade-${channel}`}
      />{' '}
      {channel === 'email' ? t('autoUpgradeEmail') : t('autoUpgradeSms')}
    </label>
  )
}
