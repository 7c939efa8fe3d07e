'use client'
// Emails and SMS segments per day of the billing period (recharts, as the other charts): every
// day of the period has a bar, the days without sends at zero.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useFormatter, useTranslations } from 'next-intl'
import { periodDays } from '@/lib/billing/billing-period'
import type { UsageByDay } from './billing-api'
import styles from './billing.module.css'

export function UsageChart({ data }: { data: UsageByDay }) {
  const t = useTranslations('billing')
  const format = useFormatter()
  const byDay = new Map(data.days.map((d) => [d.day, d]))
  const rows = periodDays({ start: new Date(data.periodStart), end: new Date(data.periodEnd) }).map((day) => ({
    day: format.dateTime(new Date(`${day}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    emails: byDay.get(day)?.emails ?? 0,
    sms: byDay.get(day)?.smsSegments ?? 0,
  }))
  return (
    <div className={styles.chart} role="img" aria-label={t('chartLabel')} data-testid="usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="day"
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
          />
          <Legend />
          <Bar dataKey="emails" name={t('emailsSent')} fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
          <Bar dataKey="sms" name={t('smsSegments')} fill="var(--color-text-muted)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
