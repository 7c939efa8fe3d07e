'use client'
// Links: clicks per URL, most clicked first; with whoHref, each link opens who clicked it.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { getJson } from '@/components/lists/fetcher'
import { StatTile } from './stat-tile'
import type { Links } from './types'
import styles from './reports.module.css'

export function LinksTab({ base, whoHref }: { base: string; whoHref?: (url: string) => string }) {
  const t = useTranslations('flowReports')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(`${base}/links`, getJson<Links>)
  if (error)
    return (
      <Notification
        variant="error"
        title={t('loadError')}
        action={{ label: t('retry'), onClick: () => void mutate() }}
      />
    )
  if (!data) return <TableSkeleton />
  if (!data.links.length) return <EmptyState heading={t('noClicksTitle')} body={t('noClicksBody')} />
  return (
    <>
      <div className={styles.tiles}>
        <StatTile label={t('totalClicks')} value={format.number(data.totalClicks)} />
        <StatTile label={t('uniqueClickers')} value={format.number(data.uniqueClickers)} />
      </div>
      <Table
        caption={t('tab.links')}
        columns={[
          { key: 'url', header: t('colUrl') },
          { key: 'clicks', header: t('colClicks'), align: 'right' as const },
          { key: 'unique', header: t('colUniqueClicks'), align: 'right' as const },
        ]}
        rows={data.links.map((l, i) => ({
          id: String(i),
          url:
            whoHref && l.url ? (
              <Link className={styles.url} href={whoHref(l.url)} title={t('whoClicked')}>
                {l.url}
              </Link>
            ) : (
              <span className={styles.url}>{l.url || t('unknownUrl')}</span>
            ),
          clicks: <span className={styles.number}>{format.number(l.clicks)}</span>,
          unique: <span className={styles.number}>{format.number(l.uniqueClicks)}</span>,
        }))}
      />
    </>
  )
}
