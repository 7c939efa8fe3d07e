'use client'
// /staff/feature-flags: the account's flags, each switched on or off at once (lib/flags).
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Notification } from '@/components/ui/notification'
import { accountUrl, errorText, staffSend } from './staff-api'
import { PanelState, useAccountData } from './account-panel'
import styles from './staff.module.css'

type Flags = { flags: { name: string; enabled: boolean }[] }

export function FeatureFlagsPanel({ companyId }: { companyId: number }) {
  const t = useTranslations('staff')
  const url = accountUrl(companyId, 'feature-flags')
  const { data, error, isLoading, mutate } = useAccountData<Flags>(url)
  const [failed, setFailed] = useState<string | null>(null)
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  const toggle = async (name: string, enabled: boolean) => {
    setFailed(null)
    try {
      await mutate(await staffSend<Flags>('PUT', url, { name, enabled }), { revalidate: false })
    } catch (e) {
      setFailed(errorText(e))
    }
  }
  return (
    <fieldset className={styles.stack}>
      <legend className={styles.label}>{t('flagsLegend')}</legend>
      {failed && <Notification variant="error">{failed}</Notification>}
      <div className={styles.checks}>
        {data.flags.map((f) => (
          <label key={f.name} className={styles.check}>
            <input type="checkbox" checked={f.enabled} onChange={(e) => toggle(f.name, e.target.checked)} />
            <span className={styles.mono}>{f.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
