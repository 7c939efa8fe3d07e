'use client'
// The watched value per window with the threshold as a reference line (recharts, as the other charts).
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useFormatter } from 'next-intl'
import { formatMonitorValue } from './monitor-format'

export function MonitorChart({
  kind,
  threshold,
  points,
  label,
}: {
  kind: string
  threshold: number
  points: { from: string; value: number }[]
  label: string
}) {
  const format = useFormatter()
  const when = (s: string) =>
    format.dateTime(new Date(s), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
  return (
    <div role="img" aria-label={label} data-testid="monitor-chart">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="from"
            tickFormatter={when}
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            minTickGap={32}
          />
          <YAxis
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={false}
            width={56}
            tickFormatter={(v: number) => formatMonitorValue(kind, v)}
          />
          <Tooltip
            labelFormatter={(s) => when(String(s))}
            formatter={(v) => [formatMonitorValue(kind, Number(v)), label]}
            contentStyle={{ borderRadius: 8, border: '1px solid var(--color-border)', fontSize: 13 }}
          />
          <ReferenceLine y={threshold} stroke="var(--color-danger)" strokeDasharray="4 4" />
          <Line
            dataKey="value"
            type="linear"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
