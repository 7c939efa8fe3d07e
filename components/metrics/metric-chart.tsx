'use client'
// The metric's chart (recharts): bars for one series, lines when broken down by a property.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { useFormatter } from 'next-intl'
import type { ChartGranularity } from './timeframe-options'
import { bucketDay, chartRows, seriesColor } from './chart-model'
import styles from './metrics.module.css'

export interface ChartProps {
  dates: string[]
  series: Array<{ name: string; values: number[]; isOther: boolean }>
  granularity: ChartGranularity
  formatValue: (n: number, compact?: boolean) => string
  weekOf: (day: string) => string
}

export function MetricChart({ dates, series, granularity, formatValue, weekOf }: ChartProps) {
  const format = useFormatter()
  const rows = chartRows(dates, series)
  const tick = (label: string) =>
    format.dateTime(
      bucketDay(label),
      granularity === 'monthly'
        ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
        : { month: 'short', day: 'numeric', timeZone: 'UTC' },
    )
  const fullLabel = (label: string) => {
    const d = bucketDay(label)
    if (granularity === 'monthly') return format.dateTime(d, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    const day = format.dateTime(d, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    return granularity === 'weekly' ? weekOf(day) : day
  }
  const common = {
    data: rows,
    margin: { top: 8, right: 16, bottom: 0, left: 0 },
  }
  const axes = [
    <CartesianGrid key="grid" vertical={false} stroke="var(--color-border)" />,
    <XAxis
      key="x"
      dataKey="date"
      tickFormatter={tick}
      tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
      tickLine={false}
      axisLine={{ stroke: 'var(--color-border)' }}
      minTickGap={16}
    />,
    <YAxis
      key="y"
      tickFormatter={(v: number) => formatValue(v, true)}
      tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
      tickLine={false}
      axisLine={false}
      width={64}
      allowDecimals={false}
    />,
    <Tooltip
      key="tip"
      labelFormatter={(l) => fullLabel(String(l))}
      formatter={(v) => formatValue(Number(v))}
      contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }}
      cursor={{ fill: 'var(--color-surface-hover)' }}
    />,
  ]
  return (
    <div className={styles.chart} data-testid="metric-chart">
      <ResponsiveContainer width="100%" height={320}>
        {series.length <= 1 ? (
          <BarChart {...common}>
            {axes}
            {series.map((s, i) => (
              <Bar
                key={i}
                dataKey={`s${i}`}
                name={s.name}
                fill={seriesColor(i, false)}
                radius={[3, 3, 0, 0]}
                maxBarSize={36}
              />
            ))}
          </BarChart>
        ) : (
          <LineChart {...common}>
            {axes}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {series.map((s, i) => (
              <Line
                key={i}
                type="monotone"
                dataKey={`s${i}`}
                name={s.name}
                stroke={seriesColor(i, s.isOther)}
                strokeWidth={2}
                dot={dates.length <= 31 ? { r: 2 } : false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  )
}
