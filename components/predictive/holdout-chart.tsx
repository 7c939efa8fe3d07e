'use client'
// The model's fit on data it did not see: per group of customers by their repeat orders before
// the holdout, the average orders the model predicted for the holdout beside what they ordered.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useFormatter, useTranslations } from 'next-intl'
import type { HoldoutCheck } from '@/lib/predictive/holdout-check'
import styles from './predictive.module.css'

export function HoldoutChart({ groups }: { groups: HoldoutCheck['byRepeatOrders'] }) {
  const t = useTranslations('predictive')
  const format = useFormatter()
  const rows = groups.map((g) => ({ group: g.repeatOrders, predicted: g.predicted, actual: g.actual }))
  return (
    <div className={styles.chart} data-testid="holdout-chart" role="img" aria-label={t('holdoutTitle')}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="group"
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={{ stroke: 'var(--color-border)' }}
            label={{ value: t('holdoutAxis'), position: 'insideBottom', offset: -2, fontSize: 12 }}
          />
          <YAxis
            tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
            tickLine={false}
            axisLine={false}
            width={40}
          />
          <Tooltip
            formatter={(v) => format.number(Number(v), { maximumFractionDigits: 2 })}
            contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }}
            cursor={{ fill: 'var(--color-surface-hover)' }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar dataKey="predicted" name={t('holdoutPredicted')} fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
          <Bar dataKey="actual" name={t('holdoutActual')} fill="var(--color-text-muted)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
