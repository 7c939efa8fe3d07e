'use client'
// Deliverability: bounces and spam complaints by kind, why sends were skipped or failed, and the
// recipients' mailbox domains (where bounces concentrate).
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { getJson } from '@/components/lists/fetcher'
import { StatTile } from './stat-tile'
import type { Deliverability } from './types'
import styles from './reports.module.css'

export function DeliverabilityTab({ base, emptyBody }: { base: string; emptyBody?: string }) {
  const t = useTranslations('flowReports')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(`${base}/deliverability`, getJson<Deliverability>)
  if (error)
    return (
      <Notification
        variant="error"
        title={t('loadError')}
        action={{ label: t('retry'), onClick: () => void mutate() }}
      />
    )
  if (!data) return <TableSkeleton />
  if (!data.total) return <EmptyState heading={t('emptyTitle')} body={emptyBody ?? t('emptyBody')} />
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 2 })
  return (
    <>
      <div className={styles.tiles}>
        <StatTile label={t('hardBounces')} value={format.number(data.reports.hardBounces)} />
        <StatTile label={t('softBounces')} value={format.number(data.reports.softBounces)} />
        <StatTile label={t('bounceRate')} value={pct(data.bounceRate)} />
        <StatTile
          label={t('spamComplaints')}
          value={format.number(data.reports.spamComplaints)}
          sub={pct(data.spamRate)}
        />
        <StatTile label={t('dropped')} value={format.number(data.reports.dropped)} />
      </div>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('notSentTitle')}</h2>
        {data.reasons.length === 0 ? (
          <p className={styles.muted}>{t('notSentNone')}</p>
        ) : (
          <Table
            caption={t('notSentTitle')}
            columns={[
              { key: 'status', header: t('colStatus') },
              { key: 'reason', header: t('colReason') },
              { key: 'count', header: t('colCount'), align: 'right' as const },
            ]}
            rows={data.reasons.map((r, i) => ({
              id: String(i),
              status: t(`sendStatus.${r.status}` as 'sendStatus.sent'),
              reason: r.reason ?? '—',
              count: <span className={styles.number}>{format.number(r.count)}</span>,
            }))}
          />
        )}
      </section>
      {data.domains.length > 0 && (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('domainsTitle')}</h2>
          <Table
            caption={t('domainsTitle')}
            columns={[
              { key: 'domain', header: t('colDomain') },
              { key: 'sent', header: t('colSent'), align: 'right' as const },
              { key: 'bounced', header: t('colBounced'), align: 'right' as const },
              { key: 'rate', header: t('bounceRate'), align: 'right' as const },
            ]}
            rows={data.domains.map((d) => ({
              id: d.domain,
              domain: d.domain,
              sent: <span className={styles.number}>{format.number(d.sent)}</span>,
              bounced: <span className={styles.number}>{format.number(d.bounced)}</span>,
              rate: <span className={styles.number}>{pct(d.bounceRate)}</span>,
            }))}
          />
        </section>
      )}
    </>
  )
}
