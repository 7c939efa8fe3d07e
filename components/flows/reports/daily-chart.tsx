'use client'
// Per-day bars (sent, or conversions) with lines for opens and clicks, as the list growth chart draws them.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useFormatter } from 'next-intl'

export interface Series {
  key: string
  label: string
  kind: 'bar' | 'line'
  color: string
}

export function DailyChart({
  data,
  series,
  label,
}: {
  data: Array<Record<string, number | string>>
  series: Series[]
  label: string
}) {
  const format = useFormatter()
  const day = (d: string, long = false) =>
    format.dateTime(
      new Date(`${d}T00:00:00Z`),
      long ? { dateStyle: 'medium', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' },
    )
  const names = Object.fromEntries(series.map((s) => [s.key, s.label]))
  return (
    <div role="img" aria-label={label} data-testid="daily-chart">
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
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
            allowDecimals={false}
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={false}
            width={48}
            tickFormatter={(v: number) => format.number(v, { notation: 'compact' })}
          />
          <Tooltip
            labelFormatter={(d) => day(String(d), true)}
            formatter={(v, k) => [format.number(Number(v)), names[String(k)] ?? String(k)]}
            contentStyle={{ borderRadius: 8, border: '1px solid var(--color-border)', fontSize: 13 }}
          />
          <Legend formatter={(k: string) => names[k] ?? k} wrapperStyle={{ fontSize: 13 }} />
          {series.map((s) =>
            s.kind === 'bar' ? (
              <Bar
                key={s.key}
                dataKey={s.key}
                fill={s.color}
                radius={[3, 3, 0, 0]}
                maxBarSize={24}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={s.key}
                dataKey={s.key}
                type="linear"
                stroke={s.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
