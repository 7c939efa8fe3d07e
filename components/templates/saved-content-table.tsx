'use client'
// The saved content tab: universal content blocks the company can reuse across templates. Blocks
// are saved from the block editor ("Save as saved content") or through /api; here they are found,
// renamed and deleted (templates that used one keep their own copy).
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { useToast } from '@/components/shell/toasts'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import shared from '@/components/lists/shared.module.css'
import { templatesApi, type UniversalItem } from './api'
import { RenameModal } from './rename-modal'
import styles from './templates.module.css'

const TYPE_KEYS: Record<string, string> = {
  text: 'savedTypeText',
  image: 'savedTypeImage',
  button: 'savedTypeButton',
  horizontal_rule: 'savedTypeDivider',
  spacer: 'savedTypeSpacer',
  html: 'savedTypeHtml',
  drop_shadow: 'savedTypeDropShadow',
}

export function SavedContentTable({ canWrite = true }: { canWrite?: boolean }) {
  const t = useTranslations('templates')
  const format = useFormatter()
  const toast = useToast()
  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search.trim(), 300)
  const { data, error, isLoading, mutate } = useSWR(
    ['universal-content', debounced],
    () => templatesApi.universal(debounced || undefined),
    { keepPreviousData: true },
  )
  const [renaming, setRenaming] = useState<UniversalItem | null>(null)
  const [deleting, setDeleting] = useState<UniversalItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const items = data ?? []

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    setDeleteError(null)
    try {
      await templatesApi.removeUniversal(deleting.id)
      toast.show({ variant: 'success', content: t('deletedToast', { name: deleting.name }) })
      setDeleting(null)
      await mutate()
    } catch {
      setDeleteError(t('savedDeleteError'))
    } finally {
      setBusy(false)
    }
  }

  if (!isLoading && !error && items.length === 0 && !debounced) {
    return <EmptyState heading={t('savedEmptyTitle')} body={t('savedEmptyBody')} />
  }
  return (
    <>
      <div className={shared.toolbar}>
        <TextField
          className={shared.toolbarGrow}
          label={t('searchSavedLabel')}
          name="saved-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
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
      ) : (
        <Table
          caption={t('tabSaved')}
          columns={[
            { key: 'name', header: t('colName') },
            { key: 'type', header: t('colType') },
            { key: 'updated', header: t('colUpdated'), align: 'right' },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    header: <span className="visually-hidden">{t('colActions')}</span>,
                    align: 'right' as const,
                  },
                ]
              : []),
          ]}
          rows={items.map((i) => ({
            id: i.id,
            name: i.name,
            type: <Badge variant="info">{TYPE_KEYS[i.type] ? t(TYPE_KEYS[i.type]!) : i.type}</Badge>,
            updated: (
              <span className={shared.nowrap}>{format.dateTime(new Date(i.updated), { dateStyle: 'medium' })}</span>
            ),
            actions: (
              <span className={styles.rowActions}>
                <Button
                  size="small"
                  variant="tertiary"
                  onClick={() => setRenaming(i)}
                  aria-label={t('renameNamed', { name: i.name })}
                >
                  {t('rename')}
                </Button>
                <Button
                  size="small"
                  variant="tertiary"
                  onClick={() => {
                    setDeleteError(null)
                    setDeleting(i)
                  }}
                  aria-label={t('deleteNamed', { name: i.name })}
                >
                  {t('delete')}
                </Button>
              </span>
            ),
          }))}
          empty={t('savedNoResults')}
        />
      )}
      <RenameModal
        template={renaming}
        title={t('savedRenameTitle')}
        label={t('colName')}
        rename={templatesApi.renameUniversal}
        onClose={() => setRenaming(null)}
        onRenamed={(name) => {
          toast.show({ variant: 'success', content: t('savedRenamedToast', { name }) })
          setRenaming(null)
          void mutate()
        }}
      />
      <ConfirmModal
        open={!!deleting}
        title={t('savedDeleteTitle')}
        confirmLabel={t('delete')}
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting ? t('savedDeleteBody', { name: deleting.name }) : null}
      </ConfirmModal>
    </>
  )
}
