'use client'
// Conversions: orders placed by recipients within the attribution window after the message.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { getJson } from '@/components/lists/fetcher'
import { StatTile } from './stat-tile'
import { DailyChart } from './daily-chart'
import type { Conversions } from './types'
import styles from './reports.module.css'

export function ConversionsTab({ base }: { base: string }) {
  const t = useTranslations('flowReports')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(`${base}/conversions`, getJson<Conversions>)
  if (error) return <Notification variant="error" title={t('loadError')} action={{ label: t('retry'), onClick: () => void mutate() }} />
  if (!data) return <TableSkeleton />
  return (
    <>
      <p className={styles.muted}>{t('conversionWindow', { metric: data.metric, days: data.windowDays })}</p>
      <div className={styles.tiles}>
        <StatTile label={t('conversions')} value={format.number(data.conversions)} testId="stat-conversions" />
        <StatTile label={t('converters')} value={format.number(data.converters)} sub={t('ofRecipients', { count: data.recipients })} />
        <StatTile label={t('conversionRate')} value={format.number(data.rate, { style: 'percent', maximumFractionDigits: 2 })} />
        <StatTile label={t('conversionValue')} value={format.number(data.value, { maximumFractionDigits: 2 })} />
        <StatTile label={t('valuePerRecipient')} value={format.number(data.valuePerRecipient, { maximumFractionDigits: 2 })} />
      </div>
      {data.days.length > 0 && (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('perDay')}</h2>
          <DailyChart data={data.days} label={t('conversionsPerDay')} series={[
            { key: 'conversions', label: t('conversions'), kind: 'bar', color: 'var(--color-primary)' },
          ]} />
        </section>
      )}
    </>
  )
}
