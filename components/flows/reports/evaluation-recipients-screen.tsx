'use client'
// /flow/evaluation/{actionId}/reports/recipients: who reached one action of a flow, with the
// step's status and outcome (the evaluations calls of seed 002 §7.7: bootstrap, records, CSV
// export); waiting evaluations of a manual action can be approved or cancelled, singly or all.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Select } from '@/components/ui/select'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { getJson, getWithParams } from '@/components/lists/fetcher'
import shared from '@/components/lists/shared.module.css'
import { StatTile } from './stat-tile'
import styles from './reports.module.css'

const STATUSES = ['done', 'skipped', 'waiting', 'approved', 'cancelled', 'failed', 'exited'] as const
const VARIANT: Record<string, BadgeVariant> = {
  done: 'success',
  approved: 'success',
  waiting: 'warning',
  failed: 'danger',
  cancelled: 'neutral',
  exited: 'neutral',
  skipped: 'neutral',
}
const PAGE_SIZE = 25

interface Bootstrap {
  action: { id: string; type: string; status: string }
  flow: { id: string; name: string }
  counts: Record<string, number>
  total: number
  canDecide: boolean
}
interface Records {
  records: Array<{
    id: number
    runId: string
    profileId: string
    email: string | null
    phoneNumber: string | null
    status: string
    time: string
    outcome: string | null
  }>
  total: number
}

export function EvaluationRecipientsScreen({ actionId }: { actionId: string }) {
  const t = useTranslations('flowReports')
  const format = useFormatter()
  const toast = useToast()
  const canDecide = usePermission('flows_action_status_write')
  const canExport = usePermission('flows_reporting_export_recipients')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState('')
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [busy, setBusy] = useState(false)
  const base = `/ajax/flow/evaluations/${encodeURIComponent(actionId)}`
  const boot = useSWR(`${base}/bootstrap`, getJson<Bootstrap>)
  const recs = useSWR(
    [`${base}/records`, { page, count: PAGE_SIZE, status: status || undefined }] as const,
    getWithParams<Records>,
    { keepPreviousData: true },
  )
  const rows = recs.data?.records ?? []
  const waitingOnPage = rows.filter((r) => r.status === 'waiting')
  const decide = canDecide && !!boot.data?.canDecide

  async function run(decision: 'approve' | 'cancel', body: { ids?: number[]; all?: boolean }) {
    setBusy(true)
    try {
      const { data } = await http.post<{ changed: number }>(`${base}/${decision}`, body)
      toast.show({
        variant: 'success',
        content:
          decision === 'approve'
            ? t('approvedToast', { count: data.changed })
            : t('cancelledToast', { count: data.changed }),
      })
      setSelected(new Set())
      await Promise.all([boot.mutate(), recs.mutate()])
    } catch {
      toast.show({ variant: 'error', content: t('decideError') })
    } finally {
      setBusy(false)
    }
  }

  const columns = [
    ...(decide ? [{ key: 'select', header: <span className="visually-hidden">{t('colSelect')}</span> }] : []),
    { key: 'who', header: t('colRecipient') },
    { key: 'status', header: t('colStatus') },
    { key: 'outcome', header: t('colOutcome') },
    { key: 'time', header: t('colTime'), align: 'right' as const },
  ]
  const tableRows = rows.map((r) => ({
    id: String(r.id),
    select:
      r.status === 'waiting' ? (
        <input
          type="checkbox"
          className={styles.check}
          checked={selected.has(r.id)}
          aria-label={t('selectRow', { name: r.email ?? r.profileId })}
          onChange={() =>
            setSelected((s) => {
              const n = new Set(s)
              if (n.has(r.id)) n.delete(r.id)
              else n.add(r.id)
              return n
            })
          }
        />
      ) : null,
    who: <Link href={`/profile/${encodeURIComponent(r.profileId)}`}>{r.email ?? r.phoneNumber ?? r.profileId}</Link>,
    status: <Badge variant={VARIANT[r.status] ?? 'neutral'}>{t(`stepStatus.${r.status}` as 'stepStatus.done')}</Badge>,
    outcome: r.outcome ?? '—',
    time: (
      <span className={shared.nowrap}>
        {format.dateTime(new Date(r.time), { dateStyle: 'medium', timeStyle: 'short' })}
      </span>
    ),
  }))
  const notFound = isHttpError(boot.error) && boot.error.status === 404
  const b = boot.data

  return (
    <Page>
      <PageHead
        title={t('evaluationTitle')}
        description={
          b ? (
            <span className={styles.crumb}>
              {t('inFlow')} <Link href={`/flow/${encodeURIComponent(b.flow.id)}/edit`}>{b.flow.name}</Link> ·{' '}
              {b.action.type}
            </span>
          ) : undefined
        }
        actions={
          canExport && b ? (
            <LinkButton href={`${base}/export${status ? `?status=${status}` : ''}`}>{t('exportCsv')}</LinkButton>
          ) : undefined
        }
      />
      <PageBody>
        {notFound ? (
          <Notification variant="error" title={t('actionNotFound')} />
        ) : boot.error ? (
          <Notification
            variant="error"
            title={t('loadError')}
            action={{ label: t('retry'), onClick: () => void boot.mutate() }}
          />
        ) : !b ? (
          <TableSkeleton />
        ) : b.total === 0 ? (
          <EmptyState heading={t('noEvaluationsTitle')} body={t('noEvaluationsBody')} />
        ) : (
          <>
            <div className={styles.tiles}>
              <StatTile label={t('evaluationsTotal')} value={format.number(b.total)} />
              {(['done', 'waiting', 'skipped', 'failed'] as const).map((s) => (
                <StatTile
                  key={s}
                  label={t(`stepStatus.${s}`)}
                  value={format.number(b.counts[s] ?? 0)}
                  testId={`count-${s}`}
                />
              ))}
            </div>
            <div className={shared.toolbar}>
              <Select
                label={t('filterStatus')}
                name="status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value)
                  setPage(1)
                  setSelected(new Set())
                }}
                options={[
                  { value: '', label: t('allStatuses') },
                  ...STATUSES.map((s) => ({ value: s, label: t(`stepStatus.${s}`) })),
                ]}
              />
              {decide && (b.counts.waiting ?? 0) > 0 && (
                <div className={shared.toolbarEnd} data-testid="decide-actions">
                  {selected.size > 0 ? (
                    <>
                      <span className={shared.muted}>{t('selectedCount', { count: selected.size })}</span>
                      <Button
                        variant="primary"
                        loading={busy}
                        onClick={() => void run('approve', { ids: [...selected] })}
                      >
                        {t('approve')}
                      </Button>
                      <Button loading={busy} onClick={() => void run('cancel', { ids: [...selected] })}>
                        {t('cancel')}
                      </Button>
                    </>
                  ) : (
                    <>
                      {waitingOnPage.length > 0 && (
                        <Button onClick={() => setSelected(new Set(waitingOnPage.map((r) => r.id)))}>
                          {t('selectWaiting')}
                        </Button>
                      )}
                      <Button
                        variant="primary"
                        loading={busy}
                        onClick={() => void run('approve', { all: true })}
                        data-testid="approve-all"
                      >
                        {t('approveAll', { count: b.counts.waiting ?? 0 })}
                      </Button>
                      <Button loading={busy} onClick={() => void run('cancel', { all: true })}>
                        {t('cancelAll')}
                      </Button>
                    </>
                  )}
                </div>
              )}
            </div>
            {recs.error && (
              <Notification
                variant="error"
                title={t('loadError')}
                action={{ label: t('retry'), onClick: () => void recs.mutate() }}
              />
            )}
            {recs.isLoading && !recs.data ? (
              <TableSkeleton />
            ) : rows.length === 0 ? (
              <NoResultsState />
            ) : (
              <div>
                <Table caption={t('evaluationTitle')} columns={columns} rows={tableRows} />
                <Pager
                  page={page}
                  pageSize={PAGE_SIZE}
                  count={rows.length}
                  total={recs.data?.total}
                  onPage={(p) => {
                    setPage(p)
                    setSelected(new Set())
                  }}
                />
              </div>
            )}
          </>
        )}
      </PageBody>
    </Page>
  )
}
