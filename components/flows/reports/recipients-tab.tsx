'use client'
// Recipients: who the message went to, its status, when, and whether they opened or clicked.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Select } from '@/components/ui/select'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { NoResultsState } from '@/components/ui/library-states'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { getWithParams } from '@/components/lists/fetcher'
import shared from '@/components/lists/shared.module.css'
import type { Recipients } from './types'

const STATUSES = [
  'queued',
  'skipped',
  'deferred',
  'sending',
  'sent',
  'delivered',
  'bounced',
  'failed',
  'unknown',
] as const
const VARIANT: Record<string, BadgeVariant> = {
  delivered: 'success',
  sent: 'success',
  bounced: 'danger',
  failed: 'danger',
  skipped: 'warning',
  deferred: 'warning',
}
const PAGE_SIZE = 25

export function RecipientsTab({ base }: { base: string }) {
  const t = useTranslations('flowReports')
  const tv = useTranslations('remainingEditors')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState('')
  const { data, error, isLoading, mutate } = useSWR(
    [`${base}/recipients`, { page, pageSize: PAGE_SIZE, status: status || undefined }] as const,
    getWithParams<Recipients>,
    { keepPreviousData: true },
  )
  const rows = data?.recipients ?? []
  const columns = [
    { key: 'who', header: t('colRecipient') },
    { key: 'status', header: t('colStatus') },
    { key: 'engaged', header: t('colEngagement') },
    { key: 'time', header: t('colTime'), align: 'right' as const },
  ]
  const tableRows = rows.map((r) => ({
    id: r.sendId,
    who: (
      <>
        <Link href={`/profile/${encodeURIComponent(r.profileId)}`}>{r.email ?? r.phoneNumber ?? r.profileId}</Link>
        {r.webViewId && (
          <>
            {' · '}
            <Link href={`/message/flow-message/web-view/${encodeURIComponent(r.webViewId)}`}>{tv('viewEmail')}</Link>
          </>
        )}
      </>
    ),
    status: (
      <span title={r.reason ?? undefined}>
        <Badge variant={VARIANT[r.status] ?? 'neutral'}>{t(`sendStatus.${r.status}` as 'sendStatus.sent')}</Badge>
      </span>
    ),
    engaged: r.clicked ? t('clicked') : r.opened ? t('opened') : '—',
    time: (
      <span className={shared.nowrap}>
        {format.dateTime(new Date(r.sent ?? r.created), { dateStyle: 'medium', timeStyle: 'short' })}
      </span>
    ),
  }))
  return (
    <>
      <div className={shared.toolbar}>
        <Select
          label={t('filterStatus')}
          name="status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value)
            setPage(1)
          }}
          data-testid="recipients-status"
          options={[
            { value: '', label: t('allStatuses') },
            ...STATUSES.map((s) => ({ value: s, label: t(`sendStatus.${s}` as 'sendStatus.sent') })),
          ]}
        />
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
        <NoResultsState />
      ) : (
        <div>
          <Table caption={t('tab.recipients')} columns={columns} rows={tableRows} />
          <Pager page={page} pageSize={PAGE_SIZE} count={rows.length} total={data?.total} onPage={setPage} />
        </div>
      )}
    </>
  )
}
