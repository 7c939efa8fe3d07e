'use client'
// The overview: recipients, delivered, open, click, bounce, spam and unsubscribe rates, and per day.
import { useFormatter, useTranslations } from 'next-intl'
import { EmptyState } from '@/components/ui/empty-state'
import { StatTile } from './stat-tile'
import { DailyChart } from './daily-chart'
import type { Overview } from './types'
import styles from './reports.module.css'

export function OverviewTab({ data }: { data: Overview }) {
  const t = useTranslations('flowReports')
  const format = useFormatter()
  const n = (v: number) => format.number(v)
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 })
  if (data.recipients === 0) return <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
  return (
    <>
      <div className={styles.tiles}>
        <StatTile label={t('recipients')} value={n(data.recipients)} testId="stat-recipients" />
        <StatTile
          label={t('delivered')}
          value={n(data.delivered)}
          sub={t('ofSent', { sent: n(data.sent) })}
          testId="stat-delivered"
        />
        <StatTile
          label={t('openRate')}
          value={pct(data.opens.rate)}
          sub={t('uniqueCount', { count: data.opens.unique })}
          testId="stat-open-rate"
        />
        <StatTile
          label={t('clickRate')}
          value={pct(data.clicks.rate)}
          sub={t('uniqueCount', { count: data.clicks.unique })}
          testId="stat-click-rate"
        />
        <StatTile
          label={t('bounceRate')}
          value={pct(data.bounces.rate)}
          sub={t('uniqueCount', { count: data.bounces.unique })}
        />
        <StatTile
          label={t('spamRate')}
          value={pct(data.spam.rate)}
          sub={t('uniqueCount', { count: data.spam.unique })}
        />
        <StatTile
          label={t('unsubscribeRate')}
          value={pct(data.unsubscribes.rate)}
          sub={t('uniqueCount', { count: data.unsubscribes.unique })}
        />
      </div>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('perDay')}</h2>
        <DailyChart
          data={data.days}
          label={t('perDayLabel')}
          series={[
            { key: 'sent', label: t('seriesSent'), kind: 'bar', color: 'var(--color-primary)' },
            { key: 'opened', label: t('seriesOpened'), kind: 'line', color: 'var(--color-success)' },
            { key: 'clicked', label: t('seriesClicked'), kind: 'line', color: 'var(--color-warning)' },
          ]}
        />
      </section>
    </>
  )
}
