'use client'
// The growth chart: members joined (up) and left (down) per day as bars, the member total as a line.
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { useFormatter, useTranslations } from 'next-intl'
import type { GrowthDay } from './types'

export function GrowthChart({ days }: { days: GrowthDay[] }) {
  const t = useTranslations('lists')
  const format = useFormatter()
  // Days are calendar dates of the company's time zone: shown as such, without shifting.
  const day = (d: string, long = false) =>
    format.dateTime(
      new Date(`${d}T00:00:00Z`),
      long ? { dateStyle: 'medium', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' },
    )
  const data = days.map((d) => ({ ...d, leftNegative: -d.left }))
  const names: Record<string, string> = {
    joined: t('growthJoined'),
    leftNegative: t('growthLeft'),
    total: t('growthTotal'),
  }

  return (
    <div role="img" aria-label={t('growthChartLabel')} data-testid="growth-chart">
      <ResponsiveContainer width="100%" height={320}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} stackOffset="sign">
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="date"
            tickFormatter={(d: string) => day(d)}
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={{ stroke: 'var(--color-border)' }}
            minTickGap={24}
          />
          <YAxis
            yAxisId="change"
            allowDecimals={false}
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={false}
            width={48}
            tickFormatter={(v: number) => format.number(v, { notation: 'compact' })}
          />
          <YAxis
            yAxisId="total"
            orientation="right"
            allowDecimals={false}
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={false}
            width={56}
            tickFormatter={(v: number) => format.number(v, { notation: 'compact' })}
          />
          <ReferenceLine yAxisId="change" y={0} stroke="var(--color-border-strong)" />
          <Tooltip
            labelFormatter={(d) => day(String(d), true)}
            formatter={(value, key) => [format.number(Math.abs(Number(value))), names[String(key)] ?? String(key)]}
            contentStyle={{ borderRadius: 8, border: '1px solid var(--color-border)', fontSize: 13 }}
          />
          <Legend formatter={(key: string) => names[key] ?? key} wrapperStyle={{ fontSize: 13 }} />
          <Bar
            yAxisId="change"
            dataKey="joined"
            stackId="change"
            fill="var(--color-success)"
            radius={[3, 3, 0, 0]}
            maxBarSize={24}
          />
          <Bar
            yAxisId="change"
            dataKey="leftNegative"
            stackId="change"
            fill="var(--color-danger)"
            radius={[0, 0, 3, 3]}
            maxBarSize={24}
          />
          <Line
            yAxisId="total"
            dataKey="total"
            type="monotone"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
