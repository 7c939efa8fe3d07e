'use client'
// /catalog/sources: the company's catalog sources — product feeds (JSON or XML shopping feed,
// synced on a schedule) and CSV uploads — with each one's schedule, last sync (status, and its
// error when it failed; linked to that sync's page), item counts, "Add source", and per feed
// "Sync now" and "Full resync". The list polls while a sync is queued or running.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { readHttpFailure } from '@/components/auth/http-failure'
import { CatalogSubnav } from './catalog-subnav'
import { isPending, sourcesApi, type CatalogSourceSummary } from './sources-api'
import styles from './catalog.module.css'

const POLL_MS = 3000
export const STATUS_BADGE: Record<string, BadgeVariant> = {
  complete: 'success',
  failed: 'danger',
  running: 'info',
  queued: 'neutral',
}

/** The label key of a sync status (an unknown status shows as it is). */
export const STATUS_KEY: Record<string, string> = {
  complete: 'statusComplete',
  failed: 'statusFailed',
  running: 'statusRunning',
  queued: 'statusQueued',
}

export function SourcesScreen() {
  const t = useTranslations('catalogSources')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('catalog_write')
  const canBis = usePermission('back_in_stock_read')
  const { data, error, isLoading, mutate } = useSWR('catalog-sources', sourcesApi.list, {
    refreshInterval: (latest) => (latest?.some((s) => isPending(s.lastSync?.status ?? s.lastStatus)) ? POLL_MS : 0),
  })
  const [busy, setBusy] = useState<string | null>(null)

  async function sync(s: CatalogSourceSummary, full: boolean) {
    setBusy(`${s.id}:${full}`)
    try {
      await sourcesApi.sync(s.id, full)
      toast.show({
        variant: 'success',
        content: full ? t('resyncQueued', { name: s.name }) : t('syncQueued', { name: s.name }),
      })
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('actionError') })
    } finally {
      setBusy(null)
    }
  }

  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : null
  const statusLabel = (s: string) => (STATUS_KEY[s] ? t(STATUS_KEY[s]) : s)
  const add = canWrite ? (
    <LinkButton href="/catalog/sources/create" variant="primary" data-testid="add-source">
      {t('addSource')}
    </LinkButton>
  ) : undefined
  const rows = data ?? []

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={add} />
      <PageBody>
        <CatalogSubnav current="sources" backInStock={canBis} />
        {error && !data ? (
          <Notification
            variant="error"
            title={t('loadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        ) : isLoading && !data ? (
          <TableSkeleton />
        ) : rows.length === 0 ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} actions={add} />
        ) : (
          <Card flush>
            <Table
              caption={t('title')}
              columns={[
                { key: 'name', header: t('colName') },
                { key: 'format', header: t('colFormat') },
                { key: 'url', header: t('colUrl') },
                { key: 'schedule', header: t('colSchedule') },
                { key: 'lastSync', header: t('colLastSync') },
                { key: 'items', header: t('colItems'), align: 'right' },
                { key: 'actions', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' },
              ]}
              rows={rows.map((s) => {
                const last = s.lastSync
                const status = last?.status ?? s.lastStatus
                return {
                  id: s.id,
                  name: (
                    <span className={`${styles.cellStack} ${styles.wideCell}`}>
                      <strong>{s.name}</strong>
                      <span className={styles.muted}>{s.kind === 'feed' ? t('kindFeed') : t('kindCsv')}</span>
                    </span>
                  ),
                  format: s.format === 'json' ? t('formatJson') : s.format === 'xml' ? t('formatXml') : t('formatCsv'),
                  url: s.url ? (
                    <span className={styles.urlCell} title={s.url}>
                      {s.url}
                    </span>
                  ) : (
                    '—'
                  ),
                  schedule:
                    s.kind === 'feed' ? (
                      <span className={styles.cellStack}>
                        <span>{t('everyHours', { hours: s.scheduleHours })}</span>
                        {s.nextSyncAt && (
                          <span className={styles.muted}>{t('nextSync', { when: when(s.nextSyncAt)! })}</span>
                        )}
                      </span>
                    ) : (
                      t('uploadedOnce')
                    ),
                  lastSync: status ? (
                    <span className={styles.cellStack} data-testid={`last-sync-${s.id}`}>
                      <span className={styles.nowrap}>
                        <Badge variant={STATUS_BADGE[status] ?? 'neutral'}>{statusLabel(status)}</Badge>{' '}
                        {last ? (
                          <Link href={`/catalog/sources/${encodeURIComponent(last.id)}`}>
                            {when(last.finishedAt ?? last.startedAt ?? last.createdAt)}
                          </Link>
                        ) : (
                          when(s.lastSyncAt)
                        )}
                      </span>
                      {last?.status === 'failed' && last.error && (
                        <span className={styles.cellError}>{last.error}</span>
                      )}
                      {last?.status === 'complete' && (
                        <span className={styles.muted}>
                          {t('syncCounts', { added: last.added, updated: last.updated, failed: last.failed })}
                        </span>
                      )}
                    </span>
                  ) : (
                    <span className={styles.muted}>{t('neverSynced')}</span>
                  ),
                  items: (
                    <span className={styles.cellStack}>
                      {s.itemCount > 0 ? (
                        <Link
                          href={`/catalog/items?source=${encodeURIComponent(s.id)}`}
                          aria-label={t('itemsOf', { count: s.itemCount, name: s.name })}
                        >
                          {format.number(s.itemCount)}
                        </Link>
                      ) : (
                        <span>{format.number(s.itemCount)}</span>
                      )}
                      <span className={styles.muted}>{t('publishedCount', { count: s.publishedCount })}</span>
                    </span>
                  ),
                  actions:
                    s.kind === 'feed' && canWrite ? (
                      <span className={styles.actionsCell}>
                        <Button
                          size="small"
                          onClick={() => void sync(s, false)}
                          loading={busy === `${s.id}:false`}
                          disabled={busy !== null}
                          aria-label={t('syncNowNamed', { name: s.name })}
                        >
                          {t('syncNow')}
                        </Button>
                        <Button
                          size="small"
                          variant="tertiary"
                          onClick={() => void sync(s, true)}
                          loading={busy === `${s.id}:true`}
                          disabled={busy !== null}
                          aria-label={t('resyncNamed', { name: s.name })}
                        >
                          {t('resync')}
                        </Button>
                      </span>
                    ) : null,
                }
              })}
            />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
