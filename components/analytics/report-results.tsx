'use client'
// A report's results: a chart (lines over time when grouped by time, else bars per group) and
// the table, with the CSV download of the run.
import { useFormatter, useTranslations } from 'next-intl'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { MetricChart } from '@/components/metrics/metric-chart'
import { csvUrl, type ReportResult } from './analytics-api'
import { ResultTable } from './result-table'
import styles from './analytics.module.css'

export function ReportResults({
  runId,
  result,
  granularity = 'daily',
}: {
  runId: string
  result: ReportResult
  granularity?: 'daily' | 'weekly' | 'monthly'
}) {
  const t = useTranslations('analytics')
  const format = useFormatter()
  const timeColumn = result.columns.find((c) => c.kind === 'time')
  const first = result.columns.find((c) => c.kind === 'measurement')!
  const dims = result.columns.filter((c) => c.kind === 'dimension').length
  const lines = result.series.lines.filter((l) => l.measurement === first.key)
  const bars = result.rows.slice(0, 20).map((r) => ({
    name: dims
      ? r
          .slice(0, dims)
          .map((d) => d ?? t('notSet'))
          .join(' · ')
      : result.source,
    value: Number(r[dims] ?? 0),
  }))
  return (
    <div className={styles.stack} data-testid="report-results">
      <Card
        title={t('resultTitle', { source: result.source, groups: result.groups })}
        actions={
          <LinkButton href={csvUrl(runId)} download data-testid="export-csv">
            {t('exportCsv')}
          </LinkButton>
        }
      >
        {result.truncated && (
          <p className={styles.muted}>{t('truncated', { shown: result.rows.length, groups: result.groups })}</p>
        )}
        {timeColumn ? (
          <MetricChart
            dates={result.series.dates}
            series={lines.map((l) => ({ name: l.name, values: l.data, isOther: false }))}
            granularity={granularity}
            formatValue={(n, compact) => format.number(n, compact ? { notation: 'compact' } : {})}
            weekOf={(day) => t('weekOf', { day })}
          />
        ) : (
          <div role="img" aria-label={t('chartLabel', { measurement: first.label })}>
            <ResponsiveContainer width="100%" height={280}>
              <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid vertical={false} stroke="var(--color-border)" />
                <XAxis dataKey="name" tick={{ fontSize: 12 }} interval={0} height={48} />
                <YAxis
                  tick={{ fontSize: 12 }}
                  width={64}
                  tickFormatter={(v: number) => format.number(v, { notation: 'compact' })}
                />
                <Tooltip formatter={(v) => format.number(Number(v))} />
                <Bar
                  dataKey="value"
                  name={first.label}
                  fill="var(--color-primary)"
                  radius={[3, 3, 0, 0]}
                  maxBarSize={36}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </Card>
      <Card title={t('table')}>
        <ResultTable columns={result.columns} rows={result.rows} />
      </Card>
    </div>
  )
}
