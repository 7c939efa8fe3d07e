'use client'
// /staff/sms-restrictions: no SMS at all, or only to some country calling codes; the send policy
// skips the rest as sms_restricted / sms_country_restricted.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { accountUrl, errorText, staffSend } from './staff-api'
import { PanelState, useAccountData } from './account-panel'
import styles from './staff.module.css'

type Restriction = { blocked: boolean; allowedCountryCodes: string[]; reason: string }

export function SmsRestrictionsPanel({ companyId }: { companyId: number }) {
  const url = accountUrl(companyId, 'sms-restrictions')
  const { data, error, isLoading, mutate } = useAccountData<Restriction>(url)
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  return <RestrictionForm url={url} initial={data} />
}

function RestrictionForm({ url, initial }: { url: string; initial: Restriction }) {
  const t = useTranslations('staff')
  const [blocked, setBlocked] = useState(initial.blocked)
  const [codes, setCodes] = useState(initial.allowedCountryCodes.join(', '))
  const [reason, setReason] = useState(initial.reason)
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    setStatus(null)
    const allowedCountryCodes = codes
      .split(/[\s,]+/)
      .map((c) => c.trim())
      .filter(Boolean)
    try {
      await staffSend<Restriction>('PUT', url, { blocked, allowedCountryCodes, reason })
      setStatus({ ok: true, text: t('saved') })
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) })
    }
  }
  return (
    <form className={styles.stack} onSubmit={save}>
      {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
      <label className={styles.check}>
        <input type="checkbox" checked={blocked} onChange={(e) => setBlocked(e.target.checked)} />
        {t('smsBlocked')}
      </label>
      <TextField
        name="codes"
        label={t('smsCodes')}
        hint={t('smsCodesHint')}
        value={codes}
        onChange={(e) => setCodes(e.target.value)}
      />
      <TextField name="reason" label={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div>
        <Button type="submit" variant="primary">
          {t('save')}
        </Button>
      </div>
    </form>
  )
}
