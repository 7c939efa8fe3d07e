'use client'
// The members of a list or segment: search, page-numbered paging, rows that open the profile,
// and for static lists (with write permission) removing selected members.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { UsersIcon } from '@/components/ui/icons'
import { TableSkeleton } from './table-skeleton'
import { Pager } from './pager'
import { ConfirmModal } from './confirm-modal'
import { AddMembersModal } from './add-members-modal'
import { useDebouncedValue } from './use-debounced-value'
import { getWithParams } from './fetcher'
import type { CursorPage, MemberRow } from './types'
import shared from './shared.module.css'
import styles from './lists-screen.module.css'

export interface MembersTableProps {
  groupId: string
  isList: boolean
  canWrite: boolean
  /** Shown in the empty state of a list: where members come from. */
  emptyActions?: React.ReactNode
  onChanged?: () => void
}

export const MEMBERS_PAGE_SIZE = 25

export function fullName(r: { firstName: string | null; lastName: string | null }): string {
  return [r.firstName, r.lastName].filter(Boolean).join(' ')
}

export function MembersTable({ groupId, isList, canWrite, emptyActions, onChanged }: MembersTableProps) {
  const t = useTranslations('lists')
  const format = useFormatter()
  const toast = useToast()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const [removing, setRemoving] = useState(false)
  const [removeError, setRemoveError] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const debounced = useDebouncedValue(search.trim(), 300)
  const url = `/ajax/list/${encodeURIComponent(groupId)}/members`
  const params = {
    search: debounced || undefined,
    pageSize: MEMBERS_PAGE_SIZE,
    cursor: page > 1 ? String((page - 1) * MEMBERS_PAGE_SIZE) : undefined,
  }
  const { data, error, isLoading, mutate } = useSWR([url, params] as const, getWithParams<CursorPage<MemberRow>>, {
    keepPreviousData: true,
  })
  const rows = data?.data ?? []
  const selectable = isList && canWrite

  function toggle(id: string) {
    setSelected((s) => {
      const n = new Set(s)
      if (n.has(id)) n.delete(id)
      else n.add(id)
      return n
    })
  }
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.profileId))

  async function removeSelected() {
    setRemoving(true)
    setRemoveError(null)
    try {
      const profileIds = [...selected]
      await http.request('DELETE', url, { profileIds })
      toast.show({ variant: 'success', content: t('membersRemovedToast', { count: profileIds.length }) })
      setSelected(new Set())
      setConfirming(false)
      await mutate()
      onChanged?.()
    } catch {
      setRemoveError(t('membersRemoveError'))
    } finally {
      setRemoving(false)
    }
  }

  const columns = [
    ...(selectable
      ? [
          {
            key: 'select',
            header: (
              <input
                type="checkbox"
                className={styles.check}
                checked={allOnPage}
                disabled={!rows.length}
                aria-label={t('selectAllMembers')}
                onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.profileId)))}
              />
            ),
          },
        ]
      : []),
    { key: 'email', header: t('colEmail') },
    { key: 'phone', header: t('colPhone') },
    { key: 'name', header: t('colPersonName') },
    { key: 'added', header: isList ? t('colAdded') : t('colEntered'), align: 'right' as const },
    { key: 'source', header: t('colSource') },
  ]
  const tableRows = rows.map((r) => ({
    id: r.profileId,
    select: (
      <input
        type="checkbox"
        className={styles.check}
        checked={selected.has(r.profileId)}
        onChange={() => toggle(r.profileId)}
        aria-label={t('selectMember', { name: r.email ?? r.phoneNumber ?? r.profileId })}
      />
    ),
    email: (
      <Link href={`/profile/${encodeURIComponent(r.profileId)}`} className={styles.name} data-testid="member-link">
        {r.email ?? r.phoneNumber ?? r.profileId}
      </Link>
    ),
    phone: r.phoneNumber ?? <span className={shared.muted}>—</span>,
    name: fullName(r) || <span className={shared.muted}>—</span>,
    added: (
      <span className={shared.nowrap}>
        {format.dateTime(new Date(r.enteredAt), { dateStyle: 'medium', timeStyle: 'short' })}
      </span>
    ),
    source: r.source ?? <span className={shared.muted}>—</span>,
  }))

  const noMembers = !isLoading && !error && rows.length === 0 && !debounced && page === 1

  return (
    <Card
      title={t('membersTitle')}
      actions={
        selectable ? (
          <Button size="small" onClick={() => setAdding(true)} data-testid="add-members">
            {t('addPeople')}
          </Button>
        ) : undefined
      }
    >
      <div className={shared.stack}>
        {!noMembers && (
          <div className={shared.toolbar}>
            <TextField
              className={shared.toolbarGrow}
              label={t('membersSearchLabel')}
              name="memberSearch"
              type="search"
              placeholder={t('membersSearchPlaceholder')}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value)
                setPage(1)
                setSelected(new Set())
              }}
              data-testid="members-search"
            />
            {selectable && selected.size > 0 && (
              <div className={shared.toolbarEnd}>
                <span className={shared.muted}>{t('selectedCount', { count: selected.size })}</span>
                <Button
                  variant="danger"
                  onClick={() => {
                    setRemoveError(null)
                    setConfirming(true)
                  }}
                >
                  {t('removeMembers')}
                </Button>
              </div>
            )}
          </div>
        )}
        {error && (
          <Notification
            variant="error"
            title={t('membersLoadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        )}
        {isLoading && !data ? (
          <TableSkeleton rows={5} />
        ) : noMembers ? (
          <EmptyState
            image={<UsersIcon size={28} />}
            heading={isList ? t('membersEmptyList') : t('membersEmptySegment')}
            body={isList ? t('membersEmptyListBody') : t('membersEmptySegmentBody')}
            actions={emptyActions}
            headingLevel={3}
          />
        ) : !error && rows.length === 0 ? (
          <NoResultsState />
        ) : (
          <div>
            <Table caption={t('membersTitle')} columns={columns} rows={tableRows} />
            <Pager
              page={page}
              pageSize={MEMBERS_PAGE_SIZE}
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
      </div>
      {selectable && (
        <AddMembersModal
          open={adding}
          listId={groupId}
          onClose={() => setAdding(false)}
          onAdded={(count) => {
            setAdding(false)
            toast.show({ variant: 'success', content: t('addedToast', { count }) })
            void mutate()
            onChanged?.()
          }}
        />
      )}
      <ConfirmModal
        open={confirming}
        title={t('removeMembersTitle', { count: selected.size })}
        confirmLabel={t('removeMembers')}
        busy={removing}
        error={removeError}
        onConfirm={() => void removeSelected()}
        onClose={() => setConfirming(false)}
      >
        <p>{t('removeMembersBody', { count: selected.size })}</p>
      </ConfirmModal>
    </Card>
  )
}
