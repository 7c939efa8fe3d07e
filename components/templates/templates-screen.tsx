'use client'
// /templates, /templates/list and /templates/saved-content: the company's email templates with
// search, sort and paging (open, rename, clone, delete), and the saved content blocks beside them.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
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
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import shared from '@/components/lists/shared.module.css'
import { templatesApi, type TemplateSummary } from './api'
import { RenameModal } from './rename-modal'
import { SavedContentTable } from './saved-content-table'
import { editorHref } from './links'
import styles from './templates.module.css'

type Tab = 'templates' | 'saved'
type Sort = 'name' | '-name' | 'updated' | '-updated' | 'created' | '-created'
const PAGE_SIZE = 25

export function TemplatesScreen({ initialTab = 'templates' }: { initialTab?: Tab }) {
  const t = useTranslations('templates')
  const tc = useTranslations('crossAccountClone')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('templates_write')
  const [tab, setTab] = useState<Tab>(initialTab)
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<Sort>('-updated')
  const [page, setPage] = useState(1)
  const [renaming, setRenaming] = useState<TemplateSummary | null>(null)
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null)
  const [busy, setBusy] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const debounced = useDebouncedValue(search.trim(), 300)

  const params = { search: debounced || undefined, sort, page, page_size: PAGE_SIZE }
  const { data, error, isLoading, mutate } = useSWR(
    tab === 'templates' ? ['templates', params] : null,
    () => templatesApi.list(params),
    { keepPreviousData: true },
  )
  const rows = data?.templates ?? []

  function changeTab(next: Tab) {
    setTab(next)
    setPage(1)
    window.history.replaceState(null, '', next === 'saved' ? '/templates/saved-content' : '/templates')
  }

  async function clone(tpl: TemplateSummary) {
    try {
      const copy = await templatesApi.clone(tpl.id)
      toast.show({ variant: 'success', content: t('clonedToast', { name: copy.name }) })
      await mutate()
    } catch {
      toast.show({ variant: 'error', content: t('cloneError') })
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    setDeleteError(null)
    try {
      await templatesApi.remove(deleting.id)
      toast.show({ variant: 'success', content: t('deletedToast', { name: deleting.name }) })
      setDeleting(null)
      await mutate()
    } catch {
      setDeleteError(t('deleteError'))
    } finally {
      setBusy(false)
    }
  }

  function sortHeader(field: 'name' | 'updated' | 'created', label: string) {
    const active = sort === field || sort === `-${field}`
    const descending = sort === `-${field}`
    const next = (active ? (descending ? field : `-${field}`) : field === 'name' ? field : `-${field}`) as Sort
    return (
      <button
        type="button"
        className={styles.sort}
        onClick={() => {
          setSort(next)
          setPage(1)
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
    { key: 'name', header: sortHeader('name', t('colName')) },
    { key: 'type', header: t('colType') },
    { key: 'updated', header: sortHeader('updated', t('colUpdated')), align: 'right' as const },
    { key: 'actions', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' as const },
  ]
  const tableRows = rows.map((tpl) => ({
    id: tpl.id,
    name: (
      <span className={styles.nameCell}>
        <Link href={editorHref(tpl.id)} className={styles.name} data-testid="template-link">
          {tpl.name}
        </Link>
        {tpl.isTransactional && <Badge variant="warning">{t('transactional')}</Badge>}
      </span>
    ),
    type: (
      <Badge variant={tpl.editorType === 'CODE' ? 'neutral' : 'info'}>
        {tpl.editorType === 'CODE' ? t('typeCode') : t('typeDragAndDrop')}
      </Badge>
    ),
    updated: (
      <span className={shared.nowrap}>
        {format.dateTime(new Date(tpl.updated), { dateStyle: 'medium', timeStyle: 'short' })}
      </span>
    ),
    actions: (
      <span className={styles.rowActions}>
        <LinkButton href={editorHref(tpl.id)} size="small" variant="tertiary">
          {t('open')}
        </LinkButton>
        {canWrite && (
          <>
            <Button
              size="small"
              variant="tertiary"
              onClick={() => setRenaming(tpl)}
              aria-label={t('renameNamed', { name: tpl.name })}
            >
              {t('rename')}
            </Button>
            <Button
              size="small"
              variant="tertiary"
              onClick={() => void clone(tpl)}
              aria-label={t('cloneNamed', { name: tpl.name })}
            >
              {t('clone')}
            </Button>
            <LinkButton
              size="small"
              variant="tertiary"
              href={`/template/${encodeURIComponent(tpl.id)}/cross-account-clone`}
              aria-label={tc('menuItemNamed', { name: tpl.name })}
            >
              {tc('menuItem')}
            </LinkButton>
            <Button
              size="small"
              variant="tertiary"
              onClick={() => {
                setDeleteError(null)
                setDeleting(tpl)
              }}
              aria-label={t('deleteNamed', { name: tpl.name })}
            >
              {t('delete')}
            </Button>
          </>
        )}
      </span>
    ),
  }))

  const isEmptyAccount = tab === 'templates' && !isLoading && !error && rows.length === 0 && !debounced && page === 1
  const createAction = canWrite ? (
    <LinkButton href="/email-templates/create" variant="primary" data-testid="create-template">
      {t('create')}
    </LinkButton>
  ) : undefined

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={createAction} />
      <PageBody>
        <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')}>
          <button type="button" role="tab" aria-selected={tab === 'templates'} onClick={() => changeTab('templates')}>
            {t('tabTemplates')}
          </button>
          <button type="button" role="tab" aria-selected={tab === 'saved'} onClick={() => changeTab('saved')}>
            {t('tabSaved')}
          </button>
        </div>
        {tab === 'saved' ? (
          <SavedContentTable canWrite={canWrite} />
        ) : isEmptyAccount ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} actions={createAction} />
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
                data-testid="templates-search"
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
                <Pager page={page} pageSize={PAGE_SIZE} count={rows.length} total={data?.total} onPage={setPage} />
              </div>
            )}
          </>
        )}
      </PageBody>
      <RenameModal
        template={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={() => {
          setRenaming(null)
          void mutate()
        }}
      />
      <ConfirmModal
        open={!!deleting}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>{t('deleteBody', { name: deleting?.name ?? '' })}</p>
      </ConfirmModal>
    </Page>
  )
}
