'use client'
// /settings/sms, sending numbers: each number or sender id with its type (long code,
// toll-free, short code, alphanumeric), country and status.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import type { SenderNumberView } from '@/lib/messaging/sms/sms-sender-numbers'
import { fieldError } from './field-error'
import styles from './inbox-settings.module.css'

const KEY = '/ajax/sms/phone-numbers'
const TYPES = {
  long_code: 'type_long_code',
  toll_free: 'type_toll_free',
  short_code: 'type_short_code',
  alphanumeric: 'type_alphanumeric',
} as const
const STATUSES = {
  pending: 'sender_pending',
  active: 'sender_active',
  rejected: 'sender_rejected',
  disabled: 'sender_disabled',
} as const
const EMPTY = { value: '', type: 'long_code', country: '', status: 'pending' }

export function SmsSenderNumbersCard({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('smsTools')
  const { data, error, mutate } = useSWR(KEY, (u: string) =>
    http.get<{ numbers: SenderNumberView[] }>(u).then((r) => r.data),
  )
  const [form, setForm] = useState(EMPTY)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      await http.post(KEY, form)
      setForm(EMPTY)
      await mutate()
    })
  }
  const remove = (n: SenderNumberView) =>
    save(async () => {
      await http.delete(`${KEY}/${n.id}`)
      await mutate()
    })

  return (
    <div id="sending-numbers">
      <Card title={t('sendersTitle')}>
        <div className={styles.form}>
          <p className={styles.help}>{t('sendersHelp')}</p>
          {error && <Notification variant="error">{t('loadError')}</Notification>}
          {!data && !error && <Spinner />}
          {data && data.numbers.length === 0 && <p className={styles.muted}>{t('sendersEmpty')}</p>}
          {data && data.numbers.length > 0 && (
            <ul className={styles.list} data-testid="sms-senders">
              {data.numbers.map((n) => (
                <li key={n.id} className={styles.row}>
                  <span className={styles.rowText}>
                    <strong>{n.value}</strong>
                    <span className={styles.muted}>
                      {n.country} · {t(TYPES[n.type as keyof typeof TYPES] ?? 'type_long_code')}
                    </span>
                  </span>
                  <span className={styles.rowActions}>
                    <Badge variant={n.status === 'active' ? 'success' : undefined}>
                      {t(STATUSES[n.status as keyof typeof STATUSES] ?? 'sender_pending')}
                    </Badge>
                    {canEdit && (
                      <Button size="small" variant="danger" onClick={() => void remove(n)}>
                        {t('delete')}
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {canEdit && (
            <form className={styles.form} onSubmit={submit} noValidate data-testid="sms-sender-form">
              <div className={styles.grid}>
                <TextField
                  label={t('senderValue')}
                  name="value"
                  value={form.value}
                  maxLength={20}
                  error={fieldError(errors, 'value')}
                  onChange={(e) => setForm({ ...form, value: e.target.value })}
                />
                <Select
                  label={t('senderType')}
                  name="type"
                  value={form.type}
                  error={fieldError(errors, 'type')}
                  options={Object.entries(TYPES).map(([value, label]) => ({ value, label: t(label) }))}
                  onChange={(e) => setForm({ ...form, type: e.target.value })}
                />
                <TextField
                  label={t('country')}
                  name="country"
                  value={form.country}
                  maxLength={2}
                  placeholder="US"
                  error={fieldError(errors, 'country')}
                  onChange={(e) => setForm({ ...form, country: e.target.value.toUpperCase() })}
                />
                <Select
                  label={t('senderStatus')}
                  name="status"
                  value={form.status}
                  options={Object.entries(STATUSES).map(([value, label]) => ({ value, label: t(label) }))}
                  onChange={(e) => setForm({ ...form, status: e.target.value })}
                />
              </div>
              {errors._form && <Notification variant="error">{errors._form}</Notification>}
              <div className={styles.footer}>
                <Button type="submit" loading={busy} data-testid="add-sms-sender">
                  {t('senderAdd')}
                </Button>
              </div>
            </form>
          )}
        </div>
      </Card>
    </div>
  )
}
