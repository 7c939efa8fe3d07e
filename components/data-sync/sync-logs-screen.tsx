'use client'
// /cdp/sync/destinations/{destination}/logs and …/sync-history: the delivery attempts (status,
// rows, answer, duration, error) or the runs (trigger, status, rows, attempts, next retry),
// newest first.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { ListSyncAttemptsResponse, ListSyncRunsResponse } from '@/lib/data-sync/sync-history'
import { SyncStatusBadge } from './sync-status-badge'
import styles from './data-sync.module.css'

type Kind = 'logs' | 'history'

export function SyncLogsScreen({ destination, kind }: { destination: string; kind: Kind }) {
  const t = useTranslations('dataPlatform')
  const format = useFormatter()
  const url = `/ajax/data-sync/destinations/${encodeURIComponent(destination)}/${kind}`
  const { data, error, mutate } = useSWR(url, (u: string) =>
    http.get<ListSyncAttemptsResponse & ListSyncRunsResponse>(u).then((r) => r.data),
  )
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium' }) : '—'
  const rows = kind === 'logs' ? data?.attempts : data?.runs
  return (
    <Page>
      <PageHead
        title={kind === 'logs' ? t('logs.title') : t('history.title')}
        description={kind === 'logs' ? t('logs.description') : t('history.description')}
        actions={<LinkButton href={`/cdp/sync/destinations/${destination}`}>{t('back')}</LinkButton>}
      />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && (
            <div className={styles.loading}>
              <Spinner size="large" label={t('loading')} />
            </div>
          )}
          {rows && rows.length === 0 && (
            <Card>
              <EmptyState heading={t('logs.empty')} body={t('logs.emptyBody')} />
            </Card>
          )}
          {kind === 'logs' && data?.attempts && data.attempts.length > 0 && (
            <Card flush>
              <Table
                caption={t('logs.title')}
                columns={[
                  { key: 'at', header: t('col.time') },
                  { key: 'sync', header: t('col.name') },
                  { key: 'status', header: t('col.status') },
                  { key: 'rows', header: t('col.rows'), align: 'right' },
                  { key: 'code', header: t('col.response') },
                  { key: 'duration', header: t('col.duration'), align: 'right' },
                  { key: 'error', header: t('col.error') },
                ]}
                rows={data.attempts.map((a) => ({
                  id: a.id,
                  at: when(a.createdAt),
                  sync: `${a.syncName} · ${t('logs.runAttempt', { run: a.runId, attempt: a.attempt })}`,
                  status: <SyncStatusBadge status={a.status} />,
                  rows: format.number(a.rows),
                  code: a.responseCode ?? '—',
                  duration: t('logs.ms', { ms: a.durationMs }),
                  error: a.error ?? '',
                }))}
              />
            </Card>
          )}
          {kind === 'history' && data?.runs && data.runs.length > 0 && (
            <Card flush>
              <Table
                caption={t('history.title')}
                columns={[
                  { key: 'at', header: t('col.time') },
                  { key: 'sync', header: t('col.name') },
                  { key: 'trigger', header: t('col.trigger') },
                  { key: 'status', header: t('col.status') },
                  { key: 'rows', header: t('col.rows'), align: 'right' },
                  { key: 'attempts', header: t('col.attempts'), align: 'right' },
                  { key: 'note', header: t('col.error') },
                ]}
                rows={data.runs.map((r) => ({
                  id: r.id,
                  at: when(r.createdAt),
                  sync: r.syncName,
                  trigger: t(`trigger.${r.trigger === 'schedule' ? 'schedule' : 'manual'}`),
                  status: <SyncStatusBadge status={r.status} />,
                  rows: format.number(r.rows),
                  attempts: r.attempts,
                  note: r.nextAttemptAt ? t('history.nextAttempt', { at: when(r.nextAttemptAt) }) : (r.error ?? ''),
                }))}
              />
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
