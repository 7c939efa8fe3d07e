'use client'
// /catalog/sources/{syncID}: one sync of a catalog source (GET /ajax/catalog/sync/{syncId}) —
// when it was queued, started and finished, its status, what it did (added, updated, unchanged,
// unpublished, failed), the feed's error when it failed (the catalog was then left as it was),
// each refused entry with its problem — and the source's other syncs (GET
// /ajax/catalog/sources/{id}), each linked to its own page. A queued or running sync is polled.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import { CatalogSubnav } from './catalog-subnav'
import { STATUS_BADGE, STATUS_KEY } from './sources-screen'
import { isPending, sourcesApi, type CatalogSync } from './sources-api'
import styles from './catalog.module.css'

const POLL_MS = 2000
const MAX_LISTED_ERRORS = 100

export function SyncScreen({ syncId }: { syncId: string }) {
  const t = useTranslations('catalogSources')
  const format = useFormatter()
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission('catalog_write')
  const canBis = usePermission('back_in_stock_read')
  const {
    data: sync,
    error,
    mutate,
  } = useSWR(['catalog-sync', syncId], () => sourcesApi.getSync(syncId), {
    refreshInterval: (latest) => (isPending(latest?.status) ? POLL_MS : 0),
  })
  const sourceId = sync?.sourceId
  // The history refreshes whenever this sync's status changes.
  const { data: src } = useSWR(
    sourceId ? ['catalog-source', sourceId, sync?.status] : null,
    () => sourcesApi.get(sourceId!),
    { keepPreviousData: true },
  )
  const [busy, setBusy] = useState(false)

  const when = (iso: string | null | undefined) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium' }) : '—'
  const statusBadge = (s: string) => (
    <Badge variant={STATUS_BADGE[s] ?? 'neutral'}>{STATUS_KEY[s] ? t(STATUS_KEY[s]) : s}</Badge>
  )
  const back = <LinkButton href="/catalog/sources">{t('backToSources')}</LinkButton>

  if (!sync) {
    const notFound = isHttpError(error) && error.status === 404
    return (
      <Page>
        <PageHead title={t('syncTitle')} actions={back} />
        <PageBody>
          {notFound ? (
            <Notification variant="error" title={t('syncNotFound')} />
          ) : error ? (
            <Notification
              variant="error"
              title={readHttpFailure(error).message ?? t('loadError')}
              action={{ label: t('retry'), onClick: () => void mutate() }}
            />
          ) : (
            <Spinner label={t('loading')} />
          )}
        </PageBody>
      </Page>
    )
  }

  async function syncAgain() {
    setBusy(true)
    try {
      const next = await sourcesApi.sync(sync!.sourceId)
      router.push(`/catalog/sources/${encodeURIComponent(next)}`)
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('actionError') })
      setBusy(false)
    }
  }

  const source = src?.source
  const duration =
    sync.startedAt && sync.finishedAt
      ? Math.max(0, new Date(sync.finishedAt).getTime() - new Date(sync.startedAt).getTime())
      : null
  const counts: Array<[string, number]> = [
    [t('countAdded'), sync.added],
    [t('countUpdated'), sync.updated],
    [t('countUnchanged'), sync.unchanged],
    [t('countUnpublished'), sync.unpublished],
    [t('countFailed'), sync.failed],
  ]
  const others: CatalogSync[] = src?.syncs ?? []
  return (
    <Page>
      <PageHead
        title={source ? t('syncOf', { name: source.name }) : t('syncTitle')}
        description={
          source?.url ? (
            <span className={styles.urlCell} title={source.url}>
              {source.url}
            </span>
          ) : undefined
        }
        actions={
          <>
            {back}
            {source?.kind === 'feed' && canWrite && !isPending(sync.status) && (
              <Button variant="primary" onClick={() => void syncAgain()} loading={busy}>
                {t('syncNow')}
              </Button>
            )}
          </>
        }
      />
      <PageBody>
        <CatalogSubnav current="sources" backInStock={canBis} />
        <div className={styles.stack}>
          {sync.status === 'failed' && (
            <Notification variant="error" title={t('syncFailedTitle')}>
              <p data-testid="sync-error">{sync.error ?? t('syncFailedNoReason')}</p>
              <p>{t('syncFailedKept')}</p>
            </Notification>
          )}
          {isPending(sync.status) && (
            <Notification
              variant="info"
              title={sync.status === 'queued' ? t('syncQueuedNotice') : t('syncRunningNotice')}
            />
          )}
          <Card title={t('summaryTitle')}>
            <dl className={styles.dl} data-testid="sync-summary">
              <dt>{t('colStatus')}</dt>
              <dd>{statusBadge(sync.status)}</dd>
              <dt>{t('syncKind')}</dt>
              <dd>{sync.full ? t('syncKindFull') : t('syncKindRegular')}</dd>
              <dt>{t('queuedAt')}</dt>
              <dd>{when(sync.createdAt)}</dd>
              <dt>{t('startedAt')}</dt>
              <dd>{when(sync.startedAt)}</dd>
              <dt>{t('finishedAt')}</dt>
              <dd>{when(sync.finishedAt)}</dd>
              {duration !== null && (
                <>
                  <dt>{t('duration')}</dt>
                  <dd>{t('seconds', { seconds: Math.round(duration / 100) / 10 })}</dd>
                </>
              )}
            </dl>
          </Card>
          <Card title={t('countsTitle')}>
            <dl className={styles.facts} data-testid="sync-counts">
              {counts.map(([label, n]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{format.number(n)}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card title={t('entryErrorsTitle')} flush>
            {sync.entryErrors.length > 0 && (
              <p className={styles.tableNote}>
                {sync.failed > sync.entryErrors.length
                  ? t('entryErrorsFirst', {
                      shown: Math.min(sync.entryErrors.length, MAX_LISTED_ERRORS),
                      total: sync.failed,
                    })
                  : t('entryErrorsHint')}
              </p>
            )}
            <Table
              caption={t('entryErrorsTitle')}
              empty={isPending(sync.status) ? t('entryErrorsPending') : t('entryErrorsNone')}
              columns={[
                { key: 'entry', header: t('colEntry'), align: 'right' },
                { key: 'externalId', header: t('colExternalId') },
                { key: 'message', header: t('colProblem') },
              ]}
              rows={sync.entryErrors.map((e, i) => ({
                id: `${e.index}-${i}`,
                entry: e.index + 1,
                externalId: e.externalId ?? '—',
                message: e.message,
              }))}
            />
          </Card>
          <Card title={t('historyTitle')} flush>
            <Table
              caption={t('historyTitle')}
              empty={t('historyEmpty')}
              columns={[
                { key: 'when', header: t('colWhen') },
                { key: 'status', header: t('colStatus') },
                { key: 'kind', header: t('syncKind') },
                { key: 'added', header: t('countAdded'), align: 'right' },
                { key: 'updated', header: t('countUpdated'), align: 'right' },
                { key: 'unpublished', header: t('countUnpublished'), align: 'right' },
                { key: 'failed', header: t('countFailed'), align: 'right' },
              ]}
              rows={others.map((s) => ({
                id: s.id,
                when:
                  s.id === sync.id ? (
                    <span aria-current="page">
                      <strong>{when(s.createdAt)}</strong> <span className={styles.muted}>{t('thisSync')}</span>
                    </span>
                  ) : (
                    <Link href={`/catalog/sources/${encodeURIComponent(s.id)}`}>{when(s.createdAt)}</Link>
                  ),
                status: statusBadge(s.status),
                kind: s.full ? t('syncKindFull') : t('syncKindRegular'),
                added: s.added,
                updated: s.updated,
                unpublished: s.unpublished,
                failed: s.failed,
              }))}
            />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
