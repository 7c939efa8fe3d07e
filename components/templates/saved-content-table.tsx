'use client'
// The saved content tab: universal content blocks the company can reuse across templates.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import shared from '@/components/lists/shared.module.css'
import { templatesApi } from './api'

export function SavedContentTable() {
  const t = useTranslations('templates')
  const format = useFormatter()
  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search.trim(), 300)
  const { data, error, isLoading, mutate } = useSWR(['universal-content', debounced], () => templatesApi.universal(debounced || undefined), { keepPreviousData: true })
  const items = data ?? []

  if (!isLoading && !error && items.length === 0 && !debounced) {
    return <EmptyState heading={t('savedEmptyTitle')} body={t('savedEmptyBody')} />
  }
  return (
    <>
      <div className={shared.toolbar}>
        <TextField className={shared.toolbarGrow} label={t('searchSavedLabel')} name="saved-search" type="search" value={search}
          onChange={(e) => setSearch(e.target.value)} />
      </div>
      {error && <Notification variant="error" title={t('loadError')} action={{ label: t('retry'), onClick: () => void mutate() }} />}
      {isLoading && !data ? <TableSkeleton /> : (
        <Table caption={t('tabSaved')}
          columns={[{ key: 'name', header: t('colName') }, { key: 'type', header: t('colType') }, { key: 'updated', header: t('colUpdated'), align: 'right' }]}
          rows={items.map((i) => ({
            id: i.id,
            name: i.name,
            type: <Badge variant="info">{i.type}</Badge>,
            updated: <span className={shared.nowrap}>{format.dateTime(new Date(i.updated), { dateStyle: 'medium' })}</span>,
          }))}
          empty={t('savedNoResults')} />
      )}
    </>
  )
}
