'use client'
// The builder's save fields: name, shared with the account, and the email schedule to users of the account.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import type { SavedReport } from './analytics-api'
import styles from './analytics.module.css'

type Meta = Pick<SavedReport, 'name' | 'shared' | 'schedule' | 'recipients'>

export function SaveReportForm({
  initial,
  errors,
  onSave,
}: {
  initial: SavedReport | null
  errors: Record<string, string[]>
  onSave: (m: Meta) => Promise<void>
}) {
  const t = useTranslations('analytics')
  const [name, setName] = useState(initial?.name ?? '')
  const [shared, setShared] = useState(initial?.shared ?? true)
  const [schedule, setSchedule] = useState<Meta['schedule']>(initial?.schedule ?? 'none')
  const [recipients, setRecipients] = useState((initial?.recipients ?? []).join(', '))
  const [saving, setSaving] = useState(false)
  const recipientError = Object.entries(errors).find(([k]) => k.startsWith('recipients'))?.[1][0]
  return (
    <div className={styles.fieldset}>
      <TextField
        label={t('reportName')}
        name="report-name"
        value={name}
        error={errors.name?.[0]}
        onChange={(e) => setName(e.target.value)}
      />
      <label className={styles.checks}>
        <input type="checkbox" name="shared" checked={shared} onChange={(e) => setShared(e.target.checked)} />{' '}
        {t('sharedWithAccount')}
      </label>
      <Select
        label={t('schedule')}
        name="schedule"
        value={schedule}
        onChange={(e) => setSchedule(e.target.value as Meta['schedule'])}
        options={(['none', 'daily', 'weekly', 'monthly'] as const).map((s) => ({
          value: s,
          label: t(`scheduleName.${s}`),
        }))}
      />
      {schedule !== 'none' && (
        <TextField
          label={t('recipients')}
          hint={t('recipientsHint')}
          name="recipients"
          value={recipients}
          error={recipientError}
          onChange={(e) => setRecipients(e.target.value)}
        />
      )}
      <div className={styles.row}>
        <Button
          variant="primary"
          loading={saving}
          disabled={!name.trim()}
          data-testid="save-report"
          onClick={async () => {
            setSaving(true)
            const list =
              schedule === 'none'
                ? []
                : recipients
                    .split(',')
                    .map((s) => s.trim())
                    .filter(Boolean)
            await onSave({ name, shared, schedule, recipients: list }).finally(() => setSaving(false))
          }}
        >
          {t('save')}
        </Button>
      </div>
    </div>
  )
}
