'use client'
// /settings/email/outbox: every message the company sent (previews, flows, campaigns), newest
// first. Without an SMTP server mail stays in the local outbox and is marked "not delivered".
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import shared from '@/components/lists/shared.module.css'
import { messagesApi } from './messages-api'
import { useSourceLabel } from './source-label'
import { MessageDetail } from './message-detail'
import { StatusBadge } from './status-badge'
import styles from './messages.module.css'

const PAGE_SIZE = 25
type Filter = 'all' | 'outbox' | 'failed'

export function MessagesScreen() {
  const t = useTranslations('sentMessages')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const [filter, setFilter] = useState<Filter>('all')
  const [open, setOpen] = useState<string | null>(null)
  const params = {
    page,
    page_size: PAGE_SIZE,
    outbox: filter === 'outbox' ? 'true' : undefined,
    status: filter === 'failed' ? 'failed' : undefined,
  }
  const { data, error, isLoading, mutate } = useSWR(['sent-messages', params], () => messagesApi.list(params), {
    keepPreviousData: true,
    refreshInterval: 10_000,
  })
  const rows = data?.messages ?? []
  const sourceLabel = useSourceLabel()
  const anyOutbox = rows.some((m) => m.notDelivered)

  const columns = [
    { key: 'subject', header: t('colSubject') },
    { key: 'to', header: t('colTo') },
    { key: 'status', header: t('colStatus') },
    { key: 'source', header: t('colSource') },
    { key: 'created', header: t('colCreated'), align: 'right' as const },
  ]
  const tableRows = rows.map((m) => ({
    id: m.id,
    subject: (
      <button type="button" className={styles.open} onClick={() => setOpen(m.id)} data-testid="message-open">
        {m.subject || t('noSubject')}
      </button>
    ),
    to: <span className={styles.to}>{m.to ?? '—'}</span>,
    status: <StatusBadge status={m.status} notDelivered={m.notDelivered} />,
    source: (
      <span className={shared.nowrap} data-testid="message-source">
        {sourceLabel(m)}
      </span>
    ),
    created: (
      <span className={shared.nowrap}>
        {format.dateTime(new Date(m.created), { dateStyle: 'medium', timeStyle: 'short' })}
      </span>
    ),
  }))

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        {anyOutbox && (
          <Notification variant="warning" title={t('outboxBannerTitle')}>
            {t('outboxBannerBody')} {t('connectProvider')}
          </Notification>
        )}
        <div className={shared.toolbar}>
          <div className={shared.segmented} role="group" aria-label={t('filterLabel')}>
            {(['all', 'outbox', 'failed'] as const).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => {
                  setFilter(f)
                  setPage(1)
                }}
              >
                {f === 'all' ? t('filterAll') : f === 'outbox' ? t('filterOutbox') : t('filterFailed')}
              </button>
            ))}
          </div>
        </div>
        {error && (
          <Notification
            variant="error"
            title={t('loadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        )}
        {isLoading && !data ? (
          <TableSkeleton />
        ) : !error && rows.length === 0 ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
        ) : (
          <div>
            <Table caption={t('title')} columns={columns} rows={tableRows} />
            <Pager page={page} pageSize={PAGE_SIZE} count={rows.length} total={data?.total} onPage={setPage} />
          </div>
        )}
      </PageBody>
      <MessageDetail id={open} onClose={() => setOpen(null)} />
    </Page>
  )
}
