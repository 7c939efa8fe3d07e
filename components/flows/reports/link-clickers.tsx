'use client'
// Who clicked one link of a message (campaign or flow): each person with their clicks and first
// and last click, most clicks first, paged; machine clicks (scanners, link previews) left out.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { getWithParams } from '@/components/lists/fetcher'
import type { scopeLinkClickers } from '@/lib/reporting/send-reports'
import { StatTile } from './stat-tile'
import styles from './reports.module.css'

type Clickers = Awaited<ReturnType<typeof scopeLinkClickers>>
const PAGE_SIZE = 25

/** endpoint: the report's link-who call (…/reports/link-who); backHref: its links tab. */
export function LinkClickers({ endpoint, url, backHref }: { endpoint: string; url: string | null; backHref: string }) {
  const t = useTranslations('campaignReports')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const { data, error, mutate } = useSWR(
    url ? ([endpoint, { url, page, pageSize: PAGE_SIZE }] as const) : null,
    getWithParams<Clickers>,
    { keepPreviousData: true },
  )
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <>
      <p className={styles.crumb}>
        <Link href={backHref}>{t('backToLinks')}</Link>
      </p>
      {!url ? (
        <EmptyState heading={t('chooseLinkTitle')} body={t('chooseLinkBody')} />
      ) : error ? (
        <Notification
          variant="error"
          title={t('loadError')}
          action={{ label: t('retry'), onClick: () => void mutate() }}
        />
      ) : !data ? (
        <TableSkeleton />
      ) : (
        <>
          <h2 className={styles.cardTitle}>
            <span className={styles.url}>{url}</span>
          </h2>
          <div className={styles.tiles}>
            <StatTile label={t('peopleWhoClicked')} value={format.number(data.total)} testId="who-total" />
            <StatTile label={t('totalClicks')} value={format.number(data.totalClicks)} />
          </div>
          {data.people.length === 0 ? (
            <EmptyState heading={t('noClickersTitle')} body={t('noClickersBody')} />
          ) : (
            <div>
              <Table
                caption={t('whoClicked')}
                columns={[
                  { key: 'who', header: t('colProfile') },
                  { key: 'clicks', header: t('totalClicks'), align: 'right' as const },
                  { key: 'first', header: t('colFirstClick'), align: 'right' as const },
                  { key: 'last', header: t('colLastClick'), align: 'right' as const },
                ]}
                rows={data.people.map((p) => ({
                  id: p.profileId,
                  who: (
                    <Link href={`/profile/${encodeURIComponent(p.profileId)}`}>
                      {p.email ?? p.phoneNumber ?? p.name ?? p.profileId}
                    </Link>
                  ),
                  clicks: <span className={styles.number}>{format.number(p.clicks)}</span>,
                  first: <span className={styles.number}>{when(p.firstClick)}</span>,
                  last: <span className={styles.number}>{when(p.lastClick)}</span>,
                }))}
              />
              <Pager page={page} pageSize={PAGE_SIZE} count={data.people.length} total={data.total} onPage={setPage} />
            </div>
          )}
        </>
      )}
    </>
  )
}
