'use client'
// /lists and /lists/starred: every list and segment of the account in one table, with search,
// a type filter, starred filter, stars, bulk delete and cursor paging.
import { useCallback, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { UsersIcon } from '@/components/ui/icons'
import { CreateMenu } from './create-menu'
import { StarButton } from './star-button'
import { TableSkeleton } from './table-skeleton'
import { Pager } from './pager'
import { ConfirmModal } from './confirm-modal'
import { ProcessingIndicator } from './processing-indicator'
import { useDebouncedValue } from './use-debounced-value'
import { getWithParams } from './fetcher'
import { groupHref } from './slug'
import type { GroupPage, GroupSummary } from './types'
import shared from './shared.module.css'
import styles from './lists-screen.module.css'

type TypeFilter = 'all' | 'lists' | 'segments'
type Sort = 'name' | '-name' | 'created' | '-created' | 'members' | '-members'
const TYPE_PARAM: Record<TypeFilter, number | undefined> = { all: undefined, lists: 0, segments: 1 }
export const PAGE_SIZE = 25

export function ListsScreen({ initialStarred = false }: { initialStarred?: boolean }) {
  const t = useTranslations('lists')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('groups_write')
  const [search, setSearch] = useState('')
  const [typeFilter, setTypeFilter] = useState<TypeFilter>('all')
  const [starred, setStarred] = useState(initialStarred)
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<Sort>('-created')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const debounced = useDebouncedValue(search.trim(), 300)

  // The server's cursor is the offset of the page's first row.
  const params = {
    search: debounced || undefined,
    type: TYPE_PARAM[typeFilter],
    starred: starred || undefined,
    sort,
    pageSize: PAGE_SIZE,
    cursor: page > 1 ? String((page - 1) * PAGE_SIZE) : undefined,
  }
  const { data, error, isLoading, mutate } = useSWR(['/ajax/group', params] as const, getWithParams<GroupPage>, {
    keepPreviousData: true,
  })
  const rows = data?.data ?? []
  const filtered = !!debounced || typeFilter !== 'all' || starred
  const resetPaging = () => {
    setPage(1)
    setSelected(new Set())
  }
  const refresh = useCallback(() => {
    void mutate()
  }, [mutate])

  function changeStarredFilter(next: boolean) {
    setStarred(next)
    resetPaging()
    // Keep the address in step so a reload or a shared link opens the same filter.
    window.history.replaceState(null, '', next ? '/lists/starred' : '/lists')
  }

  async function toggleStar(group: GroupSummary) {
    const next = !group.isStarred
    const patch = (g: GroupSummary) => (g.id === group.id ? { ...g, isStarred: next } : g)
    await mutate(
      async (current) => {
        await http.patch(`/ajax/group/${encodeURIComponent(group.id)}`, { isStarred: next })
        return current && { ...current, data: current.data.map(patch) }
      },
      {
        optimisticData: (current) =>
          current ? { ...current, data: current.data.map(patch) } : { data: [], nextCursor: null, total: 0 },
        rollbackOnError: true,
        revalidate: starred,
      },
    ).catch(() => toast.show({ variant: 'error', content: t('starError') }))
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
  function toggleAll() {
    setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))
  }

  async function deleteSelected() {
    setDeleting(true)
    setDeleteError(null)
    try {
      const ids = [...selected]
      await http.post('/ajax/group/bulk_delete', { ids })
      toast.show({ variant: 'success', content: t('deletedToast', { count: ids.length }) })
      setConfirming(false)
      resetPaging()
      await mutate()
    } catch {
      setDeleteError(t('deleteError'))
    } finally {
      setDeleting(false)
    }
  }

  function sortHeader(field: 'name' | 'members' | 'created', label: string) {
    const active = sort === field || sort === `-${field}`
    const descending = sort === `-${field}`
    // Names read best A→Z first; counts and dates biggest and newest first.
    const next = (active ? (descending ? field : `-${field}`) : field === 'name' ? field : `-${field}`) as Sort
    return (
      <button
        type="button"
        className={styles.sort}
        onClick={() => {
          setSort(next)
          resetPaging()
        }}
        data-testid={`sort-${field}`}
      >
        {label}
        {active && <span className="visually-hidden">{descending ? t('sortedDescending') : t('sortedAscending')}</span>}
        <span aria-hidden="true" className={active ? styles.sortActive : styles.sortIdle}>
          {active && !descending ? '▲' : '▼'}
        </span>
      </button>
    )
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
                onChange={toggleAll}
                aria-label={t('selectAll')}
                disabled={!rows.length}
              />
            ),
          },
        ]
      : []),
    { key: 'star', header: <span className="visually-hidden">{t('colStar')}</span> },
    { key: 'name', header: sortHeader('name', t('colName')) },
    { key: 'type', header: t('colType') },
    { key: 'members', header: sortHeader('members', t('colMembers')), align: 'right' as const },
    { key: 'created', header: sortHeader('created', t('colCreated')), align: 'right' as const },
  ]

  const tableRows = rows.map((g) => ({
    id: g.id,
    select: (
      <input
        type="checkbox"
        className={styles.check}
        checked={selected.has(g.id)}
        onChange={() => toggleRow(g.id)}
        aria-label={t('selectRow', { name: g.name })}
      />
    ),
    star: (
      <StarButton
        starred={g.isStarred}
        disabled={!canWrite}
        onToggle={() => void toggleStar(g)}
        label={g.isStarred ? t('unstar', { name: g.name }) : t('star', { name: g.name })}
      />
    ),
    name: (
      <Link href={groupHref(g)} className={styles.name} data-testid="group-link">
        {g.name}
      </Link>
    ),
    type: (
      <Badge variant={g.type === 1 ? 'intelligence' : 'info'}>{g.type === 1 ? t('typeSegment') : t('typeList')}</Badge>
    ),
    members: (
      <span className={styles.members}>
        {g.type === 1 && g.isProcessing && (
          <ProcessingIndicator groupId={g.id} initialPercent={g.processingPercent} onDone={refresh} />
        )}
        <span>{format.number(g.memberCount)}</span>
      </span>
    ),
    created: <span className={shared.nowrap}>{format.dateTime(new Date(g.createdAt), { dateStyle: 'medium' })}</span>,
  }))

  const isNewAccount = !isLoading && !error && rows.length === 0 && !filtered && page === 1

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={canWrite ? <CreateMenu /> : undefined} />
      <PageBody>
        {isNewAccount ? (
          <EmptyState
            image={<UsersIcon size={28} />}
            heading={t('emptyTitle')}
            body={t('emptyBody')}
            actions={
              canWrite ? (
                <>
                  <LinkButton href="/lists/create" variant="primary">
                    {t('createList')}
                  </LinkButton>
                  <LinkButton href="/lists/create/segment">{t('createSegment')}</LinkButton>
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
                  resetPaging()
                }}
                data-testid="lists-search"
              />
              <div className={shared.segmented} role="group" aria-label={t('typeFilterLabel')}>
                {(['all', 'lists', 'segments'] as const).map((f) => (
                  <button
                    key={f}
                    type="button"
                    aria-pressed={typeFilter === f}
                    onClick={() => {
                      setTypeFilter(f)
                      resetPaging()
                    }}
                  >
                    {f === 'all' ? t('filterAll') : f === 'lists' ? t('filterLists') : t('filterSegments')}
                  </button>
                ))}
              </div>
              <div className={shared.segmented}>
                <button
                  type="button"
                  aria-pressed={starred}
                  onClick={() => changeStarredFilter(!starred)}
                  data-testid="starred-filter"
                >
                  {t('filterStarred')}
                </button>
              </div>
              {canWrite && selected.size > 0 && (
                <div className={shared.toolbarEnd} data-testid="bulk-actions">
                  <span className={shared.muted}>{t('selectedCount', { count: selected.size })}</span>
                  <Button
                    variant="danger"
                    onClick={() => {
                      setDeleteError(null)
                      setConfirming(true)
                    }}
                    data-testid="bulk-delete"
                  >
                    {t('deleteSelected')}
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
                  hasNext={!!data?.nextCursor}
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
        open={confirming}
        title={t('deleteTitle', { count: selected.size })}
        confirmLabel={t('deleteConfirm')}
        busy={deleting}
        error={deleteError}
        onConfirm={() => void deleteSelected()}
        onClose={() => setConfirming(false)}
      >
        <p>{t('deleteBody', { count: selected.size })}</p>
      </ConfirmModal>
    </Page>
  )
}
