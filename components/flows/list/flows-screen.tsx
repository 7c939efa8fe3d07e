'use client'
// /flows: the company's flows with search, status and trigger filters, the archived tab, sort by
// name, status, updated, conversion and conversion per recipient (seed 002 §3.1), the holdout
// marker, the non-compliant issues banner, bulk status/archive/delete and a per-row menu.
import { useCallback, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { FlowIcon } from '@/components/ui/icons'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import { getJson, getWithParams } from '@/components/lists/fetcher'
import shared from '@/components/lists/shared.module.css'
import { FlowStatusBadge } from './flow-status-badge'
import { RowMenu } from './row-menu'
import { flowsApi, waitForClone } from './flows-api'
import {
  FLOW_STATUS_CODES,
  STATUS_NAME,
  type FlowPage,
  type FlowRow,
  type FlowStatusCode,
  type HoldoutInfo,
  type NonCompliantFlow,
  type SortField,
} from './types'
import rowStyles from '@/components/ui/list-rows.module.css'
import styles from './flows-list.module.css'

export const PAGE_SIZE = 25
const TRIGGER_TYPES = [
  'Metric',
  'Added to List',
  'Segment',
  'Date Based',
  'Price Drop',
  'Low Inventory',
  'Unconfigured',
] as const
type Confirm = { kind: 'delete' | 'archive'; flows: FlowRow[] } | null

export function FlowsScreen() {
  const t = useTranslations('flows')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('flows_write')
  const canCreate = usePermission('flows_create')
  const [archived, setArchived] = useState(false)
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [trigger, setTrigger] = useState('')
  const [sort, setSort] = useState<SortField>('updated')
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc')
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [confirm, setConfirm] = useState<Confirm>(null)
  const [busy, setBusy] = useState(false)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const debounced = useDebouncedValue(search.trim(), 300)

  const params = {
    page,
    pageSize: PAGE_SIZE,
    sort,
    direction,
    search: debounced || undefined,
    status: status || undefined,
    triggerType: trigger || undefined,
    archived: archived ? 'true' : 'false',
  }
  const { data, error, isLoading, mutate } = useSWR(['/ajax/flows/list/', params] as const, getWithParams<FlowPage>, {
    keepPreviousData: true,
  })
  const { data: holdout } = useSWR('/ajax/flows/list/holdout', getJson<HoldoutInfo>)
  const { data: issues } = useSWR('/ajax/flows/non-compliant-list', getJson<{ flows: NonCompliantFlow[] }>)
  const rows = data?.flows ?? []
  const filtered = !!debounced || !!status || !!trigger || archived
  const refresh = useCallback(() => {
    void mutate()
  }, [mutate])
  const reset = () => {
    setPage(1)
    setSelected(new Set())
  }
  const inHoldout = new Map((holdout?.flows ?? []).filter((f) => f.inHoldout).map((f) => [f.flowId, f.percent]))

  function sortHeader(field: SortField, label: string) {
    const active = sort === field
    const descending = active && direction === 'desc'
    const onClick = () => {
      if (active) setDirection(descending ? 'asc' : 'desc')
      else {
        setSort(field)
        setDirection(field === 'name' ? 'asc' : 'desc')
      }
      reset()
    }
    return (
      <button type="button" className={rowStyles.sort} onClick={onClick} data-testid={`sort-${field}`}>
        {label}
        {active && <span className="visually-hidden">{descending ? t('sortedDescending') : t('sortedAscending')}</span>}
        <span aria-hidden="true" className={active ? rowStyles.sortActive : rowStyles.sortIdle}>
          {active && !descending ? '▲' : '▼'}
        </span>
      </button>
    )
  }

  function toggleRow(id: string) {
    setSelected((s) => {
      const n = new Set(s)
      if (n.has(id)) n.delete(id)
      else n.add(id)
      return n
    })
  }
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id))
  const selectedRows = rows.filter((r) => selected.has(r.id))

  /** Runs one call per flow; reports how many failed. */
  async function each(flows: FlowRow[], call: (f: FlowRow) => Promise<unknown>): Promise<number> {
    let failed = 0
    for (const f of flows)
      await call(f).catch(() => {
        failed++
      })
    return failed
  }

  async function bulkStatus(code: FlowStatusCode) {
    const flows = selectedRows
    const failed = await each(flows, (f) => flowsApi.setStatus(f.id, code))
    if (failed) toast.show({ variant: 'error', content: t('statusFailed', { count: failed }) })
    else
      toast.show({
        variant: 'success',
        content: t('statusChanged', { count: flows.length, status: t(`status.${STATUS_NAME[code]}`) }),
      })
    reset()
    await mutate()
  }

  async function runConfirm() {
    if (!confirm) return
    setBusy(true)
    setConfirmError(null)
    const failed = await each(confirm.flows, (f) =>
      confirm.kind === 'delete' ? flowsApi.remove(f.id, f.archived) : flowsApi.archive(f.id),
    )
    setBusy(false)
    if (failed) {
      setConfirmError(
        confirm.kind === 'delete' ? t('deleteFailed', { count: failed }) : t('archiveFailed', { count: failed }),
      )
      await mutate()
      return
    }
    toast.show({
      variant: 'success',
      content:
        confirm.kind === 'delete'
          ? t('deletedToast', { count: confirm.flows.length })
          : t('archivedToast', { count: confirm.flows.length }),
    })
    setConfirm(null)
    reset()
    await mutate()
  }

  async function recover(f: FlowRow) {
    try {
      await flowsApi.recover(f.id)
      toast.show({ variant: 'success', content: t('recoveredToast', { name: f.name }) })
      await mutate()
    } catch {
      toast.show({ variant: 'error', content: t('recoverError') })
    }
  }

  async function clone(f: FlowRow) {
    try {
      const { statusKey } = await flowsApi.startClone(f.id, { name: t('cloneName', { name: f.name }) })
      toast.show({ variant: 'info', content: t('cloning', { name: f.name }) })
      await waitForClone(statusKey)
      toast.show({ variant: 'success', content: t('clonedToast', { name: f.name }) })
      await mutate()
    } catch {
      toast.show({ variant: 'error', content: t('cloneError') })
    }
  }

  const columns = [
    ...(canWrite
      ? [
          {
            key: 'select',
            header: (
              <input
                type="checkbox"
                className={styles.check}
                checked={allOnPage}
                disabled={!rows.length}
                aria-label={t('selectAll')}
                onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))}
              />
            ),
          },
        ]
      : []),
    { key: 'name', header: sortHeader('name', t('colName')) },
    { key: 'trigger', header: t('colTrigger') },
    { key: 'status', header: sortHeader('status', t('colStatus')) },
    { key: 'updated', header: sortHeader('updated', t('colUpdated')), align: 'right' as const },
    { key: 'conversion', header: sortHeader('conversion', t('colConversion')), align: 'right' as const },
    {
      key: 'perRecipient',
      header: sortHeader('conversion_per_recipient', t('colPerRecipient')),
      align: 'right' as const,
    },
    { key: 'menu', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' as const },
  ]
  const tableRows = rows.map((f) => ({
    id: f.id,
    select: (
      <input
        type="checkbox"
        className={styles.check}
        checked={selected.has(f.id)}
        onChange={() => toggleRow(f.id)}
        aria-label={t('selectRow', { name: f.name })}
      />
    ),
    name: (
      <span className={rowStyles.nameCell}>
        <Link href={`/flow/${encodeURIComponent(f.id)}/edit`} className={rowStyles.name} data-testid="flow-link">
          {f.name}
        </Link>
        {(!!f.tags?.length || inHoldout.has(f.id)) && (
          <span className={rowStyles.sub}>
            {f.tags?.map((tag) => (
              <span key={tag} className={styles.tag}>
                {tag}
              </span>
            ))}
            {inHoldout.has(f.id) && (
              <span className={styles.holdout} data-testid="holdout">
                {t('inHoldout', { percent: inHoldout.get(f.id)! })}
              </span>
            )}
          </span>
        )}
      </span>
    ),
    trigger: <span className={shared.nowrap}>{triggerLabel(t, f.triggerType)}</span>,
    status: <FlowStatusBadge status={f.status} />,
    updated: (
      <span className={shared.nowrap}>
        {format.dateTime(new Date(f.updated), { dateStyle: 'medium', timeStyle: 'short' })}
      </span>
    ),
    conversion: <span className={rowStyles.number}>{format.number(f.conversion)}</span>,
    perRecipient: (
      <span className={rowStyles.number}>
        {format.number(f.conversionPerRecipient, { style: 'percent', maximumFractionDigits: 2 })}
      </span>
    ),
    menu: (
      <RowMenu
        flow={f}
        canWrite={canWrite}
        onClone={(x) => void clone(x)}
        onRecover={(x) => void recover(x)}
        onArchive={(x) => {
          setConfirmError(null)
          setConfirm({ kind: 'archive', flows: [x] })
        }}
        onDelete={(x) => {
          setConfirmError(null)
          setConfirm({ kind: 'delete', flows: [x] })
        }}
      />
    ),
  }))

  const isNewAccount = !isLoading && !error && rows.length === 0 && !filtered && page === 1
  const problemFlows = (issues?.flows ?? []).filter((f) => f.issues?.length)
  const createButton = canCreate ? (
    <LinkButton href="/flows/create" variant="primary" data-testid="create-flow">
      {t('create')}
    </LinkButton>
  ) : undefined

  return (
    <Page>
      <PageHead
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {<LinkButton href="/library/flows">{t('browseLibrary')}</LinkButton>}
            {createButton}
          </>
        }
      />
      <PageBody>
        {problemFlows.length > 0 && (
          <Notification variant="warning" title={t('issuesTitle', { count: problemFlows.length })}>
            <ul className={styles.issues} data-testid="flow-issues">
              {problemFlows.slice(0, 5).map((f) => {
                const id = f.flowId ?? f.id ?? ''
                return (
                  <li key={id}>
                    <Link href={`/flow/${encodeURIComponent(id)}/edit`}>{f.name}</Link>: {f.issues[0]!.message}
                  </li>
                )
              })}
            </ul>
          </Notification>
        )}
        <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')}>
          <button
            type="button"
            role="tab"
            aria-selected={!archived}
            onClick={() => {
              setArchived(false)
              reset()
            }}
          >
            {t('tabActive')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={archived}
            onClick={() => {
              setArchived(true)
              reset()
            }}
            data-testid="archived-tab"
          >
            {t('tabArchived')}
          </button>
        </div>
        {isNewAccount ? (
          <EmptyState
            image={<FlowIcon size={28} />}
            heading={t('emptyTitle')}
            body={t('emptyBody')}
            actions={
              canCreate ? (
                <>
                  <LinkButton href="/flows/create" variant="primary">
                    {t('create')}
                  </LinkButton>
                  <LinkButton href="/library/flows">{t('browseLibrary')}</LinkButton>
                </>
              ) : undefined
            }
          />
        ) : (
          <>
            <div className={shared.toolbar}>
              <TextField
                className={shared.toolbarGrow}
                label={t('searchLabel')}
                name="search"
                type="search"
                placeholder={t('searchPlaceholder')}
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value)
                  reset()
                }}
                data-testid="flows-search"
              />
              <Select
                label={t('filterStatus')}
                name="status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value)
                  reset()
                }}
                data-testid="status-filter"
                options={[
                  { value: '', label: t('allStatuses') },
                  ...FLOW_STATUS_CODES.map((c) => ({ value: c, label: t(`status.${STATUS_NAME[c]}`) })),
                ]}
              />
              <Select
                label={t('filterTrigger')}
                name="trigger"
                value={trigger}
                onChange={(e) => {
                  setTrigger(e.target.value)
                  reset()
                }}
                options={[
                  { value: '', label: t('allTriggers') },
                  ...TRIGGER_TYPES.map((x) => ({ value: x, label: triggerLabel(t, x) })),
                ]}
              />
              {canWrite && selected.size > 0 && (
                <div className={shared.toolbarEnd} data-testid="bulk-actions">
                  <span className={shared.muted}>{t('selectedCount', { count: selected.size })}</span>
                  {!archived && (
                    <Select
                      label={t('setStatus')}
                      name="bulkStatus"
                      value=""
                      data-testid="bulk-status"
                      onChange={(e) => {
                        if (e.target.value) void bulkStatus(e.target.value as FlowStatusCode)
                      }}
                      options={[
                        { value: '', label: t('chooseStatus') },
                        ...(['0', '1', '2', '3'] as const).map((c) => ({
                          value: c,
                          label: t(`status.${STATUS_NAME[c]}`),
                        })),
                      ]}
                    />
                  )}
                  {!archived && (
                    <Button
                      onClick={() => {
                        setConfirmError(null)
                        setConfirm({ kind: 'archive', flows: selectedRows })
                      }}
                      data-testid="bulk-archive"
                    >
                      {t('archive')}
                    </Button>
                  )}
                  <Button
                    variant="danger"
                    onClick={() => {
                      setConfirmError(null)
                      setConfirm({ kind: 'delete', flows: selectedRows })
                    }}
                    data-testid="bulk-delete"
                  >
                    {t('delete')}
                  </Button>
                </div>
              )}
            </div>
            {error && (
              <Notification variant="error" title={t('loadError')} action={{ label: t('retry'), onClick: refresh }} />
            )}
            {isLoading && !data ? (
              <TableSkeleton />
            ) : !error && rows.length === 0 ? (
              <NoResultsState />
            ) : (
              <div>
                <Table caption={t('title')} columns={columns} rows={tableRows} />
                <Pager
                  page={page}
                  pageSize={PAGE_SIZE}
                  count={rows.length}
                  total={data?.total}
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
      <ConfirmModal
        open={!!confirm}
        busy={busy}
        error={confirmError}
        title={
          confirm?.kind === 'archive'
            ? t('archiveTitle', { count: confirm.flows.length })
            : t('deleteTitle', { count: confirm?.flows.length ?? 0 })
        }
        confirmLabel={confirm?.kind === 'archive' ? t('archive') : t('delete')}
        onConfirm={() => void runConfirm()}
        onClose={() => setConfirm(null)}
      >
        <p>
          {confirm?.kind === 'archive'
            ? t('archiveBody', { count: confirm.flows.length })
            : t('deleteBody', { count: confirm?.flows.length ?? 0 })}
        </p>
      </ConfirmModal>
    </Page>
  )
}

type T = ReturnType<typeof useTranslations<'flows'>>
const TRIGGER_KEYS: Record<string, string> = {
  Metric: 'metric',
  'Added to List': 'list',
  Segment: 'segment',
  'Date Based': 'date',
  'Price Drop': 'priceDrop',
  'Low Inventory': 'lowInventory',
  Unconfigured: 'unconfigured',
  Scheduled: 'scheduled',
}
export function triggerLabel(t: T, type: string | null): string {
  const k = TRIGGER_KEYS[type ?? 'Segment']
  return k ? t(`trigger.${k}` as 'trigger.metric') : (type ?? '')
}
