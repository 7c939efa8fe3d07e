'use client'
// /coupons: the account's coupons with their codes left, given out and used, a low-balance badge
// when the unassigned codes fall to the coupon's threshold, search, and "Create coupon".
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import shared from '@/components/lists/shared.module.css'
import { couponsApi } from './coupons-api'
import styles from './coupons.module.css'

export function CouponsScreen() {
  const t = useTranslations('coupons')
  const canWrite = usePermission('coupons_write')
  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search.trim(), 300)
  const { data, error, isLoading, mutate } = useSWR(
    ['coupons', debounced],
    () => couponsApi.list(debounced || undefined),
    { keepPreviousData: true },
  )
  const create = canWrite ? (
    <LinkButton href="/coupons/new/$custom" variant="primary" data-testid="create-coupon">
      {t('create')}
    </LinkButton>
  ) : undefined
  const rows = data ?? []
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={create} />
      <PageBody>
        {!isLoading && !error && rows.length === 0 && !debounced ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} actions={create} />
        ) : (
          <>
            <div className={shared.toolbar}>
              <TextField
                className={shared.toolbarGrow}
                label={t('search')}
                name="coupon-search"
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
                caption={t('title')}
                empty={t('noResults')}
                columns={[
                  { key: 'name', header: t('colCoupon') },
                  { key: 'unassigned', header: t('colLeft'), align: 'right' },
                  { key: 'assigned', header: t('colGiven'), align: 'right' },
                  { key: 'used', header: t('colUsed'), align: 'right' },
                  { key: 'state', header: t('colState') },
                ]}
                rows={rows.map((c) => ({
                  id: c.id,
                  name: (
                    <span>
                      <Link href={`/coupon/${encodeURIComponent(c.id)}`}>{c.externalId}</Link>
                      {c.description && <span className={styles.muted}> · {c.description}</span>}
                    </span>
                  ),
                  unassigned: c.counts.unassigned,
                  assigned: c.counts.assigned,
                  used: c.counts.used,
                  state:
                    c.counts.total === 0 ? (
                      <Badge variant="neutral">{t('noCodes')}</Badge>
                    ) : c.lowBalance ? (
                      <Badge variant="warning">{t('lowBalance')}</Badge>
                    ) : (
                      <Badge variant="success">{t('ok')}</Badge>
                    ),
                }))}
              />
            )}
          </>
        )}
      </PageBody>
    </Page>
  )
}
