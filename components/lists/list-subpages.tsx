'use client'
// Three pages of one list (seed 001 §2.17): /list/{id}/import/history (the list's CSV imports with
// their counts and refused rows), /list/{id}/suppressed (members who cannot be emailed, and why)
// and /list/{id}/members/add (add people by email address). Each reads the list first: an
// unknown id is the shared "list not found", a segment has no imports or manual members.
import { useState, type ReactNode } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { FormError } from '@/components/ui/form-error'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { GroupLoadError, GroupMissing } from './group-missing'
import { MAX_EMAILS, splitEmails } from './add-members-modal'
import { Pager } from './pager'
import { useGroup } from './use-group'
import { slugOf } from './slug'
import type { GroupDetail } from './types'
import shared from './shared.module.css'
import importStyles from './import/import.module.css'

function ListFrame({
  listId,
  title,
  children,
  actions,
}: {
  listId: string
  title: (group: GroupDetail) => string
  children: (group: GroupDetail) => ReactNode
  actions?: (group: GroupDetail) => ReactNode
}) {
  const t = useTranslations('listPages')
  const { data: group, error, missing, mutate } = useGroup(listId)
  if (missing) return <GroupMissing />
  if (error && !group) return <GroupLoadError onRetry={() => void mutate()} />
  if (!group) {
    return (
      <Page>
        <div className={shared.center}>
          <Spinner size="large" />
        </div>
      </Page>
    )
  }
  const back = `/list/${encodeURIComponent(group.id)}/${slugOf(group.name)}`
  return (
    <Page>
      <PageHead
        title={title(group)}
        description={
          <Link href={back} data-testid="back-to-list">
            {t('backTo', { name: group.name })}
          </Link>
        }
        actions={actions?.(group)}
      />
      <PageBody>
        {group.type !== 0 ? <EmptyState heading={t('segmentTitle')} body={t('segmentBody')} /> : children(group)}
      </PageBody>
    </Page>
  )
}

interface ImportRow {
  id: string
  status: string
  totalCount: number
  completedCount: number
  failedCount: number
  percentComplete: number
  createdAt: string
  completedAt: string | null
}

const STATUS_VARIANT: Record<string, 'success' | 'danger' | 'warning' | 'info' | 'neutral'> = {
  complete: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  processing: 'info',
  queued: 'warning',
}

export function ListImportHistoryScreen({ listId }: { listId: string }) {
  const t = useTranslations('listPages')
  const canWrite = usePermission('groups_write')
  return (
    <ListFrame
      listId={listId}
      title={() => t('importHistoryTitle')}
      actions={(g) =>
        canWrite && g.type === 0 ? (
          <LinkButton variant="primary" href={`/list/${encodeURIComponent(g.id)}/import/upload`}>
            {t('newImport')}
          </LinkButton>
        ) : undefined
      }
    >
      {(g) => <ImportHistory listId={g.id} />}
    </ListFrame>
  )
}

function ImportHistory({ listId }: { listId: string }) {
  const t = useTranslations('listPages')
  const format = useFormatter()
  const key = `/ajax/list/${encodeURIComponent(listId)}/imports`
  // Poll while an import runs, so its counts move without a reload.
  const { data, error } = useSWR(key, (u: string) => http.get<{ data: ImportRow[] }>(u).then((r) => r.data.data), {
    refreshInterval: (rows) => (rows?.some((r) => r.status === 'queued' || r.status === 'processing') ? 2000 : 0),
  })
  if (error && !data) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  if (!data)
    return (
      <div className={shared.center}>
        <Spinner />
      </div>
    )
  if (!data.length) return <EmptyState heading={t('importsEmptyTitle')} body={t('importsEmptyBody')} />
  const when = (at: string) => format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Card>
      <Table
        caption={t('importHistoryTitle')}
        columns={[
          { key: 'started', header: t('colStarted') },
          { key: 'status', header: t('colStatus') },
          { key: 'rows', header: t('colRows'), align: 'right' },
          { key: 'imported', header: t('colImported'), align: 'right' },
          { key: 'refused', header: t('colRefused'), align: 'right' },
          { key: 'finished', header: t('colFinished'), align: 'right' },
        ]}
        rows={data.map((r) => ({
          id: r.id,
          started: when(r.createdAt),
          status: (
            <Badge variant={STATUS_VARIANT[r.status] ?? 'neutral'}>
              {r.status === 'processing'
                ? t('processing', { percent: r.percentComplete })
                : t(`status.${statusKey(r.status)}`)}
            </Badge>
          ),
          rows: format.number(r.totalCount),
          imported: format.number(Math.max(0, r.completedCount - r.failedCount)),
          refused: r.failedCount ? (
            <a href={`/ajax/list/${encodeURIComponent(listId)}/imports/${encodeURIComponent(r.id)}/refused`} download>
              {t('refusedDownload', { count: r.failedCount, formatted: format.number(r.failedCount) })}
            </a>
          ) : (
            '0'
          ),
          finished: r.completedAt ? when(r.completedAt) : '–',
        }))}
      />
    </Card>
  )
}

const statusKey = (s: string) => (['complete', 'failed', 'cancelled', 'queued'].includes(s) ? s : 'other')

interface SuppressedRow {
  profileId: string
  email: string | null
  firstName: string | null
  lastName: string | null
  reason: string
  suppressedAt: string
}

export function ListSuppressedScreen({ listId }: { listId: string }) {
  const t = useTranslations('listPages')
  return (
    <ListFrame listId={listId} title={() => t('suppressedTitle')}>
      {(g) => <Suppressed listId={g.id} />}
    </ListFrame>
  )
}

function Suppressed({ listId }: { listId: string }) {
  const t = useTranslations('listPages')
  const format = useFormatter()
  const [pageNo, setPageNo] = useState(1)
  const cursor = (pageNo - 1) * PAGE_SIZE
  const key = `/ajax/list/${encodeURIComponent(listId)}/suppressed?page_size=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`
  const { data, error } = useSWR(key, (u: string) =>
    http.get<{ data: SuppressedRow[]; nextCursor: string | null; total: number }>(u).then((r) => r.data),
  )
  if (error && !data) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  if (!data)
    return (
      <div className={shared.center}>
        <Spinner />
      </div>
    )
  if (!data.total) return <EmptyState heading={t('suppressedEmptyTitle')} body={t('suppressedEmptyBody')} />
  return (
    <Card>
      <p className={shared.muted}>
        {t('suppressedIntro', { count: data.total, formatted: format.number(data.total) })}
      </p>
      <Table
        caption={t('suppressedTitle')}
        columns={[
          { key: 'person', header: t('colPerson') },
          { key: 'reason', header: t('colReason') },
          { key: 'at', header: t('colSuppressedAt'), align: 'right' },
        ]}
        rows={data.data.map((r) => ({
          id: r.profileId,
          person: (
            <Link href={`/profile/${encodeURIComponent(r.profileId)}`}>
              {[r.firstName, r.lastName].filter(Boolean).join(' ') || r.email || r.profileId}
            </Link>
          ),
          reason: t(`reason.${reasonKey(r.reason)}`),
          at: format.dateTime(new Date(r.suppressedAt), { dateStyle: 'medium' }),
        }))}
      />
      <Pager
        page={pageNo}
        pageSize={PAGE_SIZE}
        count={data.data.length}
        total={data.total}
        hasNext={Boolean(data.nextCursor)}
        onPage={setPageNo}
      />
    </Card>
  )
}

const PAGE_SIZE = 50
const REASONS = ['unsubscribed', 'bounced', 'spam_complaint', 'manual']
const reasonKey = (r: string) => {
  const k = r.toLowerCase()
  return REASONS.includes(k) ? k : 'other'
}

export function ListAddMembersScreen({ listId }: { listId: string }) {
  const t = useTranslations('listPages')
  const canWrite = usePermission('groups_write')
  return (
    <ListFrame listId={listId} title={() => t('addTitle')}>
      {(g) =>
        canWrite ? <AddMembers group={g} /> : <EmptyState heading={t('noAccessTitle')} body={t('noAccessBody')} />
      }
    </ListFrame>
  )
}

function AddMembers({ group }: { group: GroupDetail }) {
  const t = useTranslations('listPages')
  const tl = useTranslations('lists')
  const format = useFormatter()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [added, setAdded] = useState<number | null>(null)

  async function add() {
    const { emails, invalid } = splitEmails(text)
    if (invalid.length) return setError(tl('addInvalid', { emails: invalid.slice(0, 5).join(', ') }))
    if (!emails.length) return setError(tl('addNone'))
    if (emails.length > MAX_EMAILS) return setError(tl('addTooMany', { max: MAX_EMAILS }))
    setBusy(true)
    setError(null)
    try {
      await http.post(`/ajax/list/${encodeURIComponent(group.id)}/members`, { emails })
      setText('')
      setAdded(emails.length)
    } catch (e) {
      const f = readHttpFailure(e)
      setError(Object.values(f.fieldErrors)[0] ?? f.message ?? tl('addError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <div className={importStyles.stack}>
        <label htmlFor="add-members-emails" className={importStyles.muted}>
          {tl('addBody')}
        </label>
        <textarea
          id="add-members-emails"
          className={importStyles.textarea}
          rows={8}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setAdded(null)
          }}
          placeholder={tl('addPlaceholder')}
          data-testid="add-members-emails"
        />
        <p className={importStyles.muted}>{t('addConsentNote')}</p>
        {error && <FormError>{error}</FormError>}
        {added !== null && (
          <p role="status" data-testid="add-members-done">
            {t('addDone', { count: added, formatted: format.number(added) })}
          </p>
        )}
        <div>
          <Button variant="primary" loading={busy} onClick={() => void add()} data-testid="add-members-submit">
            {tl('addSubmit')}
          </Button>
        </div>
      </div>
    </Card>
  )
}
