'use client'
// One dashboard card's body: its figures with the change against the previous period, its
// chart (the metric screen's chart), or its table. A stored card reads its data endpoint; a
// curated or previewed card posts its spec.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { MetricChart } from '@/components/metrics/metric-chart'
import { useMoney } from '@/components/reports/use-money'
import { getJson, postJson, type CardData, type CardSpecInput } from './analytics-api'
import { ResultTable } from './result-table'
import styles from './analytics.module.css'

export function CardBody({ url, spec, currency }: { url?: string; spec?: CardSpecInput; currency: string }) {
  const t = useTranslations('analytics')
  const key = url ?? (spec ? ['card', JSON.stringify(spec)] : null)
  const { data, error, isLoading } = useSWR<CardData>(key, () =>
    url ? getJson<CardData>(url) : postJson<CardData>('/ajax/analytics/cards/data', spec),
  )
  if (error) return <Notification variant="error">{t('cardError')}</Notification>
  if (isLoading || !data)
    return (
      <div className={styles.centered}>
        <Spinner />
      </div>
    )
  return <CardContent data={data} currency={currency} />
}

function CardContent({ data, currency }: { data: CardData; currency: string }) {
  const t = useTranslations('analytics')
  const format = useFormatter()
  const money = useMoney(currency)
  switch (data.type) {
    case 'empty':
      return <p className={styles.muted}>{t(data.reason === 'no_metric' ? 'cardNoMetric' : 'cardNoReport')}</p>
    case 'figures':
      return (
        <div className={styles.figures}>
          {data.figures.map((f) => {
            const value = f.money ? money(f.value) : format.number(f.value)
            const change = f.previous === null || f.previous === 0 ? null : (f.value - f.previous) / f.previous
            return (
              <div key={f.key} className={styles.figure} data-testid={`figure-${f.key}`}>
                <span className={styles.figureLabel}>{t(`figure.${f.key}`)}</span>
                <span className={styles.figureValue}>{value}</span>
                {f.previous !== null && (
                  <span
                    className={change === null || change === 0 ? styles.flat : change > 0 ? styles.up : styles.down}
                  >
                    {change === null
                      ? t('previousValue', { value: f.money ? money(f.previous) : format.number(f.previous) })
                      : t('changeFromPrevious', {
                          change: format.number(change, {
                            style: 'percent',
                            maximumFractionDigits: 1,
                            signDisplay: 'always',
                          }),
                        })}
                  </span>
                )}
              </div>
            )
          })}
        </div>
      )
    case 'chart':
      return (
        <MetricChart
          dates={data.dates}
          series={data.series.map((s) => ({ name: s.name, values: s.values, isOther: false }))}
          granularity={data.granularity as 'daily' | 'weekly' | 'monthly'}
          formatValue={(n, compact) => format.number(n, compact ? { notation: 'compact' } : {})}
          weekOf={(day) => t('weekOf', { day })}
        />
      )
    case 'table':
      return <ResultTable columns={data.columns} rows={data.rows} />
    case 'report':
      return <ResultTable columns={data.result.columns} rows={data.result.rows.slice(0, 20)} />
  }
}
