'use client'
// Conversions: the orders attributed to this message (last open or click, /settings/attribution).
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { getJson } from '@/components/lists/fetcher'
import { useMoney } from '@/components/reports/use-money'
import { StatTile } from './stat-tile'
import { DailyChart } from './daily-chart'
import type { Conversions } from './types'
import styles from './reports.module.css'

export function ConversionsTab({ base }: { base: string }) {
  const t = useTranslations('flowReports')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(`${base}/conversions`, getJson<Conversions>)
  const money = useMoney(data?.currency)
  if (error)
    return (
      <Notification
        variant="error"
        title={t('loadError')}
        action={{ label: t('retry'), onClick: () => void mutate() }}
      />
    )
  if (!data) return <TableSkeleton />
  return (
    <>
      <p className={styles.muted}>
        {t('attributedNote', { metric: data.metric })}{' '}
        <Link href="/settings/attribution">{t('attributionSettings')}</Link>
      </p>
      <div className={styles.tiles}>
        <StatTile label={t('conversions')} value={format.number(data.conversions)} testId="stat-conversions" />
        <StatTile
          label={t('converters')}
          value={format.number(data.converters)}
          sub={t('ofRecipients', { count: data.recipients })}
        />
        <StatTile
          label={t('conversionRate')}
          value={format.number(data.rate, { style: 'percent', maximumFractionDigits: 2 })}
        />
        <StatTile label={t('conversionValue')} value={money(data.value)} testId="stat-conversion-value" />
        <StatTile label={t('valuePerRecipient')} value={money(data.valuePerRecipient)} />
      </div>
      {data.days.length > 0 && (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('perDay')}</h2>
          <DailyChart
            data={data.days}
            label={t('conversionsPerDay')}
            series={[{ key: 'conversions', label: t('conversions'), kind: 'bar', color: 'var(--color-primary)' }]}
          />
        </section>
      )}
    </>
  )
}
