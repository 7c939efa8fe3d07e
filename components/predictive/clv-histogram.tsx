'use client'
// The distribution of predicted CLV (recharts, as the metric screens): customers per CLV band,
// the last band open-ended (the top 5 % would otherwise squash the rest).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useFormatter } from 'next-intl'
import type { ClvOverview } from './predictive-api'
import styles from './predictive.module.css'

export function ClvHistogram({
  buckets,
  money,
  label,
}: {
  buckets: ClvOverview['histogram']
  money: (v: number) => string
  label: string
}) {
  const format = useFormatter()
  const rows = buckets.map((b) => ({
    band: b.to === null ? `${money(b.from)}+` : `${money(b.from)}–${money(b.to)}`,
    customers: b.customers,
  }))
  return (
    <div className={styles.chart} data-testid="clv-histogram" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="band"
            tick={{ fontSize: 11, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={{ stroke: 'var(--color-border)' }}
            interval="preserveStartEnd"
          />
          <YAxis
            tickFormatter={(v: number) => format.number(v, { notation: 'compact' })}
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={false}
            width={48}
            allowDecimals={false}
          />
          <Tooltip
            formatter={(v) => format.number(Number(v))}
            contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }}
            cursor={{ fill: 'var(--color-surface-hover)' }}
          />
          <Bar dataKey="customers" name={label} fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
