'use client'
// /downloads: the user's exported files with their status, newest first. The list refreshes by
// itself while an export is queued or running, and offers the file once it is complete.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { LayersIcon } from '@/components/ui/icons'
import type { DownloadStatus } from '@/lib/downloads/download-status'
import { DOWNLOADS_URL, fetchDownloads, REFRESH_MS } from './downloads-api'
import styles from './downloads.module.css'

const STATUS_VARIANT: Record<DownloadStatus, BadgeVariant> = {
  queued: 'neutral',
  processing: 'info',
  complete: 'success',
  failed: 'danger',
}
/** Download types with a label; others show their raw name. */
const KNOWN_TYPES = ['metric_events', 'list_members', 'profiles'] as const

export function DownloadsScreen({ timeZone, downloadType }: { timeZone: string; downloadType?: string }) {
  const t = useTranslations('downloads')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const { data, error, isLoading, mutate } = useSWR([DOWNLOADS_URL, page, downloadType] as const, fetchDownloads, {
    keepPreviousData: true,
    refreshInterval: (latest) => (latest?.processing ? REFRESH_MS : 0),
  })
  const typeLabel = (type: string) =>
    (KNOWN_TYPES as readonly string[]).includes(type) ? t(`types.${type as (typeof KNOWN_TYPES)[number]}`) : type

  const rows = (data?.downloads ?? []).map((d) => ({
    id: d.id,
    name: <span className={styles.name}>{d.name}</span>,
    type: typeLabel(d.type),
    rows: <span className={styles.num}>{d.status === 'complete' ? format.number(d.rowCount) : '–'}</span>,
    status: <Badge variant={STATUS_VARIANT[d.status]}>{t(`status.${d.status}`)}</Badge>,
    created: (
      <time dateTime={d.createdAt}>
        {format.dateTime(new Date(d.createdAt), { dateStyle: 'medium', timeStyle: 'short', timeZone })}
      </time>
    ),
    action: d.url ? (
      <LinkButton
        href={d.url}
        size="small"
        download={d.name}
        aria-label={t('downloadLabel', { name: d.name })}
        data-testid="download-link"
      >
        {t('download')}
      </LinkButton>
    ) : null,
  }))
  const empty = data && data.total === 0

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.toolbar}>
          {downloadType ? (
            <span className={styles.muted}>
              {t('filteredBy', { type: typeLabel(downloadType) })} <Link href="/downloads">{t('showAll')}</Link>
            </span>
          ) : (
            <span />
          )}
          {data?.processing && (
            <span className={styles.refreshing}>
              <Spinner size="small" delayMs={0} label={t('refreshing')} />
              <span aria-hidden="true">{t('refreshing')}</span>
            </span>
          )}
        </div>
        {error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {empty && <EmptyState image={<LayersIcon size={28} />} heading={t('emptyTitle')} body={t('emptyBody')} />}
        {data && !empty && (
          <>
            <Table
              caption={t('title')}
              columns={[
                { key: 'name', header: t('colName') },
                { key: 'type', header: t('colType') },
                { key: 'rows', header: t('colRows'), align: 'right' },
                { key: 'status', header: t('colStatus') },
                { key: 'created', header: t('colCreated') },
                { key: 'action', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' },
              ]}
              rows={rows}
            />
            {(page > 1 || data.hasNext) && (
              <nav className={styles.pager} aria-label={t('pagination')}>
                <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {t('previous')}
                </Button>
                <span className={styles.muted}>{t('pageLabel', { page })}</span>
                <Button size="small" disabled={!data.hasNext} onClick={() => setPage((p) => p + 1)}>
                  {t('next')}
                </Button>
              </nav>
            )}
          </>
        )}
      </PageBody>
    </Page>
  )
}
