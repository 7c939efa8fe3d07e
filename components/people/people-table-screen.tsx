'use client'
// The frame both people screens share: title, a search box (debounced), optional filters, the
// table with skeleton, empty and error states, and page-numbered paging.
import { useState, type ReactNode } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table, type TableColumn, type TableRow } from '@/components/ui/table'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { UsersIcon } from '@/components/ui/icons'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import { getWithParams } from '@/components/lists/fetcher'
import type { CursorPage } from '@/components/lists/types'
import shared from '@/components/lists/shared.module.css'

export const PEOPLE_PAGE_SIZE = 25

export interface PeopleTableScreenProps<T> {
  url: string
  title: string
  description: string
  filters?: Record<string, string | undefined>
  /** Filter controls; `resetPage` is called when they change. */
  renderFilters?: (resetPage: () => void) => ReactNode
  /** Shown between the title and the table (e.g. who counts and why). */
  notice?: ReactNode
  /** Page actions, given the search as typed (e.g. an export of what is shown). */
  renderActions?: (current: { search?: string }) => ReactNode
  columns: TableColumn[]
  toRow: (row: T) => TableRow
  emptyTitle: string
  emptyBody: string
  testId: string
}

export function PeopleTableScreen<T>({
  url,
  title,
  description,
  filters = {},
  renderFilters,
  notice,
  renderActions,
  columns,
  toRow,
  emptyTitle,
  emptyBody,
  testId,
}: PeopleTableScreenProps<T>) {
  const t = useTranslations('people')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(search.trim(), 300)
  const params = {
    ...filters,
    search: debounced || undefined,
    pageSize: PEOPLE_PAGE_SIZE,
    cursor: page > 1 ? String((page - 1) * PEOPLE_PAGE_SIZE) : undefined,
  }
  const { data, error, isLoading, mutate } = useSWR([url, params] as const, getWithParams<CursorPage<T>>, {
    keepPreviousData: true,
  })
  const rows = data?.data ?? []
  const filtered = !!debounced || Object.values(filters).some((v) => v !== undefined)
  const resetPage = () => setPage(1)

  return (
    <Page>
      <PageHead title={title} description={description} actions={renderActions?.({ search: debounced || undefined })} />
      <PageBody>
        {notice}
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
              resetPage()
            }}
            data-testid="people-search"
          />
          {renderFilters?.(resetPage)}
          {data && (
            <span className={`${shared.toolbarEnd} ${shared.muted}`} data-testid="people-total">
              {t('total', { count: data.total })}
            </span>
          )}
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
          filtered ? (
            <NoResultsState />
          ) : (
            <EmptyState image={<UsersIcon size={28} />} heading={emptyTitle} body={emptyBody} />
          )
        ) : (
          <div data-testid={testId}>
            <Table caption={title} columns={columns} rows={rows.map(toRow)} />
            <Pager
              page={page}
              pageSize={PEOPLE_PAGE_SIZE}
              count={rows.length}
              total={data?.total}
              hasNext={!!data?.nextCursor}
              onPage={setPage}
            />
          </div>
        )}
      </PageBody>
    </Page>
  )
}
