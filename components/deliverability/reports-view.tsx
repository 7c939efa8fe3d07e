'use client'
// /analytics/deliverability/email/reports: the rates by a chosen dimension over a chosen range,
// on screen and as a CSV download of the same figures.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { EMAIL_DIMENSIONS } from '@/lib/deliverability/dimensions'
import type { EmailRow } from '@/lib/deliverability/email-rates'
import { useOps } from './ops-api'
import { LoadStates } from './load-states'
import { RatesTable } from './rates-table'
import styles from './ops.module.css'

const DAY = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export function ReportsView() {
  const t = useTranslations('deliverability')
  const [dimension, setDimension] = useState<string>('message')
  const [from, setFrom] = useState(() => isoDay(Date.now() - 29 * DAY))
  const [to, setTo] = useState(() => isoDay(Date.now()))
  // The end day is included: the range runs to the next midnight.
  const params = { dimension, from, to: isoDay(Date.parse(to) + DAY) }
  const { data, error, isLoading } = useOps<{ rows: EmailRow[] }>('/ajax/deliverability/email/messages', params)
  const csv = `/ajax/deliverability/email/report?${new URLSearchParams(params).toString()}`
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <Select
          label={t('dimension')}
          name="dimension"
          value={dimension}
          onChange={(e) => setDimension(e.target.value)}
          options={EMAIL_DIMENSIONS.map((d) => ({ value: d, label: t(`dim.${d}`) }))}
        />
        <TextField label={t('from')} name="from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label={t('to')} name="to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className={styles.actions}>
        <a href={csv} download>
          {t('downloadCsv')}
        </a>
      </div>
      {!data ? (
        <LoadStates loading={isLoading} error={error} />
      ) : (
        <Card title={t(`dim.${dimension}`)}>
          <RatesTable rows={data.rows} keyHeader={t(`dim.${dimension}`)} caption={t(`dim.${dimension}`)} />
        </Card>
      )}
    </div>
  )
}
