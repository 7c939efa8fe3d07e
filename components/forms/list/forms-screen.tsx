'use client'
// /forms: the company's signup forms with status, type, list, views, submit rate and last update
// (seed 002 §3.4 listing), status and type filters, search, sort, paging, and a row menu (edit,
// view, clone, publish or unpublish, delete with a confirmation).
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import { getWithParams } from '@/components/lists/fetcher'
import shared from '@/components/lists/shared.module.css'
import { FormStatusBadge } from '../form-status-badge'
import { formsApi } from '../forms-api'
import { currentVersionId, editorPath } from '../open-editor'
import { typeKey } from '../form-type'
import type { FormListItem, FormListPage, FormStats } from '../forms-types'
import { FormRowMenu } from './form-row-menu'
import rowStyles from '@/components/ui/list-rows.module.css'
import styles from './forms-list.module.css'

export const PAGE_SIZE = 25
const STATUSES = ['draft', 'live', 'scheduled'] as const
// The listing's type values (Form.formType); labels use the vendor's names.
const TYPES = ['popup', 'flyout', 'full_page', 'embed', 'banner'] as const

export function FormsScreen() {
  const t = useTranslations('forms')
  const format = useFormatter()
  const toast = useToast()
  const router = useRouter()
  const canWrite = usePermission('forms_write')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [type, setType] = useState('')
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc')
  const [page, setPage] = useState(1)
  const [confirm, setConfirm] = useState<FormListItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const debounced = useDebouncedValue(search.trim(), 300)

  const params = {
    page,
    pageSize: PAGE_SIZE,
    sort: direction === 'desc' ? '-updated' : 'updated',
    search: debounced || undefined,
    status: status || undefined,
    type: type || undefined,
  }
  const { data, error, isLoading, mutate } = useSWR(['/ajax/forms', params] as const, getWithParams<FormListPage>, {
    keepPreviousData: true,
  })
  const rows = data?.forms ?? []
  const ids = rows.map((r) => r.id).join(',')
  const { data: statsData } = useSWR(
    ids ? (['/ajax/forms-listing-stats', { ids }] as const) : null,
    getWithParams<{ stats: Record<string, FormStats> }>,
  )
  const stats = statsData?.stats ?? {}
  const filtered = !!debounced || !!status || !!type

  /** The listing sorts by last update, newest or oldest first. */
  function sortHeader(label: string) {
    const descending = direction === 'desc'
    return (
      <button
        type="button"
        className={rowStyles.sort}
        onClick={() => {
          setDirection(descending ? 'asc' : 'desc')
          setPage(1)
        }}
        data-testid="sort-updated"
      >
        {label}
        <span className="visually-hidden">{descending ? t('sortedDescending') : t('sortedAscending')}</span>
        <span aria-hidden="true" className={rowStyles.sortActive}>
          {descending ? '▼' : '▲'}
        </span>
      </button>
    )
  }

  async function withVersion(f: FormListItem, then: (versionId: number) => Promise<void> | void) {
    try {
      const versionId = currentVersionId(await formsApi.get(f.id))
      if (versionId === null) throw new Error('no version')
      await then(versionId)
    } catch {
      toast.show({ variant: 'error', content: t('actionFailed') })
    }
  }

  const edit = (f: FormListItem) => withVersion(f, (v) => router.push(editorPath(f.id, v)))
  const publish = (f: FormListItem) =>
    withVersion(f, async (v) => {
      await formsApi.publish(f.id, v)
      toast.show({ variant: 'success', content: t('publishedToast', { name: f.name }) })
      await mutate()
    })
  async function unpublish(f: FormListItem) {
    try {
      await formsApi.unpublish(f.id)
      toast.show({ variant: 'success', content: t('unpublishedToast', { name: f.name }) })
      await mutate()
    } catch {
      toast.show({ variant: 'error', content: t('actionFailed') })
    }
  }
  async function remove() {
    if (!confirm) return
    setBusy(true)
    setConfirmError(null)
    try {
      await formsApi.remove(confirm.id)
      toast.show({ variant: 'success', content: t('deletedToast', { name: confirm.name }) })
      setConfirm(null)
      await mutate()
    } catch {
      setConfirmError(t('deleteFailed'))
    } finally {
      setBusy(false)
    }
  }

  const columns = [
    { key: 'name', header: t('colName') },
    { key: 'status', header: t('colStatus') },
    { key: 'type', header: t('colType') },
    { key: 'list', header: t('colList') },
    { key: 'views', header: t('colViews'), align: 'right' as const },
    { key: 'rate', header: t('colSubmitRate'), align: 'right' as const },
    { key: 'updated', header: sortHeader(t('colUpdated')), align: 'right' as const },
    { key: 'menu', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' as const },
  ]
  const tableRows = rows.map((f) => {
    const s = stats[f.id]
    return {
      id: f.id,
      name: (
        <Link href={`/forms/${encodeURIComponent(f.id)}`} className={rowStyles.name} data-testid="form-link">
          {f.name}
        </Link>
      ),
      list: <span className={rowStyles.sub}>{f.lists?.length ? f.lists.map((l) => l.name).join(', ') : '—'}</span>,
      status: (
        <span className={rowStyles.nameCell}>
          <FormStatusBadge status={f.status} />
          {f.status === 'scheduled' && f.schedule?.publishAt && (
            <span className={rowStyles.sub}>
              {t('schedule.livesAt', { when: `${f.schedule.publishAt.date} ${f.schedule.publishAt.time}` })}
            </span>
          )}
        </span>
      ),
      type: <span className={styles.typeCell}>{t(`type.${typeKey(f.type)}`)}</span>,
      views: <span className={rowStyles.number}>{s ? format.number(s.views) : '—'}</span>,
      rate: (
        <span className={rowStyles.number}>
          {s && s.views ? format.number(s.submitRate, { style: 'percent', maximumFractionDigits: 1 }) : '—'}
        </span>
      ),
      updated: (
        <span className={shared.nowrap}>
          {format.dateTime(new Date(f.updateTimestamp), { dateStyle: 'medium', timeStyle: 'short' })}
        </span>
      ),
      menu: (
        <FormRowMenu
          form={f}
          canWrite={canWrite}
          onEdit={(x) => void edit(x)}
          onPublish={(x) => void publish(x)}
          onUnpublish={(x) => void unpublish(x)}
          onDelete={(x) => {
            setConfirmError(null)
            setConfirm(x)
          }}
        />
      ),
    }
  })

  const isNew = !isLoading && !error && rows.length === 0 && !filtered && page === 1
  const createButton = canWrite ? (
    <LinkButton href="/forms/create" variant="primary" data-testid="create-form">
      {t('create')}
    </LinkButton>
  ) : undefined

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={createButton} />
      <PageBody>
        {isNew ? (
          <EmptyState
            image={<FormGlyph />}
            heading={t('emptyTitle')}
            body={t('emptyBody')}
            actions={
              canWrite ? (
                <LinkButton href="/forms/create" variant="primary">
                  {t('createFirst')}
                </LinkButton>
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
                  setPage(1)
                }}
                data-testid="forms-search"
              />
              <Select
                label={t('filterStatus')}
                name="status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value)
                  setPage(1)
                }}
                data-testid="status-filter"
                options={[
                  { value: '', label: t('allStatuses') },
                  ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                ]}
              />
              <Select
                label={t('filterType')}
                name="type"
                value={type}
                onChange={(e) => {
                  setType(e.target.value)
                  setPage(1)
                }}
                data-testid="type-filter"
                options={[
                  { value: '', label: t('allTypes') },
                  ...TYPES.map((x) => ({ value: x, label: t(`type.${typeKey(x)}`) })),
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
                <Table caption={t('title')} columns={columns} rows={tableRows} />
                <Pager page={page} pageSize={PAGE_SIZE} count={rows.length} total={data?.totalCount} onPage={setPage} />
              </div>
            )}
          </>
        )}
      </PageBody>
      <ConfirmModal
        open={!!confirm}
        busy={busy}
        error={confirmError}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(null)}
      >
        <p>{t('deleteBody', { name: confirm?.name ?? '' })}</p>
      </ConfirmModal>
    </Page>
  )
}

function FormGlyph() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M7 9h10M7 13h6" />
      <rect x="7" y="15.5" width="5" height="2" rx="1" />
    </svg>
  )
}
