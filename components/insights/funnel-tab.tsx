'use client'
// The purchase funnel within a timeframe, each step with its conversion from the step before,
// as bars and a table; optionally split by the source of the visit that entered the funnel.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { ChartIcon } from '@/components/ui/icons'
import { daysBefore, isoDay, useInsight, type FunnelResult } from './insights-api'
import styles from './insights.module.css'

/** Property keys stores send the visit's source under. */
const SPLITS = ['', 'traffic_source', '$source', 'utm_source', 'utm_medium']
const STEP_KEYS = ['visit', 'view', 'cart', 'checkout', 'order'] as const

export function FunnelTab() {
  const t = useTranslations('insights')
  const format = useFormatter()
  const [start, setStart] = useState(() => daysBefore(29))
  const [end, setEnd] = useState(() => isoDay(new Date()))
  const [by, setBy] = useState('')
  const valid = start <= end
  const { data, error, isLoading } = useInsight<FunnelResult>(valid ? '/ajax/insights/funnel' : null, {
    start,
    end,
    by: by || undefined,
  })
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 })
  const stepName = (i: number) => t(`funnelStep.${STEP_KEYS[i]!}`)
  const chart = data?.total.map((n, i) => ({ step: stepName(i), profiles: n })) ?? []

  return (
    <div className={styles.stack}>
      <p className={styles.note}>{t('funnelIntro')}</p>
      <div className={styles.controls}>
        <TextField
          label={t('start')}
          name="funnel-start"
          type="date"
          value={start}
          max={end}
          onChange={(e) => setStart(e.target.value)}
        />
        <TextField
          label={t('end')}
          name="funnel-end"
          type="date"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          error={valid ? undefined : t('startAfterEnd')}
        />
        <Select
          label={t('funnelSplit')}
          name="funnel-by"
          value={by}
          options={SPLITS.map((s) => ({ value: s, label: s || t('funnelNoSplit') }))}
          onChange={(e) => setBy(e.target.value)}
        />
      </div>
      {error && <Notification variant="error">{t('loadError')}</Notification>}
      {isLoading && !data && (
        <div className={styles.centered}>
          <Spinner size="large" />
        </div>
      )}
      {data && data.total[0] === 0 && (
        <EmptyState image={<ChartIcon size={28} />} heading={t('funnelEmptyTitle')} body={t('funnelEmptyBody')} />
      )}
      {data && data.total[0]! > 0 && (
        <>
          <Card>
            <div role="img" aria-label={t('funnelChartLabel')} data-testid="funnel-chart">
              <ResponsiveContainer width="100%" height={280}>
                <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid vertical={false} stroke="var(--color-border)" />
                  <XAxis dataKey="step" tick={{ fontSize: 12 }} interval={0} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                  <Tooltip formatter={(v) => format.number(Number(v))} />
                  <Bar dataKey="profiles" name={t('funnelProfiles')} fill="var(--color-primary)" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
          <Card flush>
            <div className={styles.tableWrap} role="region" aria-label={t('funnelTableLabel')} tabIndex={0}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{data.by ? data.by : t('funnelAll')}</th>
                    {data.steps.map((s, i) => (
                      <th key={s.metric} scope="col" className={styles.num}>
                        {stepName(i)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[
                    { value: null as string | null, counts: data.total, all: true },
                    ...data.breakdown.map((b) => ({ ...b, all: false })),
                  ].map((row, r) => (
                    <tr key={r}>
                      <th scope="row">{row.all ? t('funnelAll') : (row.value ?? t('funnelUnknown'))}</th>
                      {row.counts.map((n, i) => (
                        <td key={i} className={styles.num}>
                          {format.number(n)}
                          {i > 0 && row.counts[i - 1] ? ` (${pct(n / row.counts[i - 1]!)})` : ''}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </>
      )}
    </div>
  )
}
