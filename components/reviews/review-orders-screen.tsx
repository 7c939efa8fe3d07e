'use client'
// /reviews/orders: the store's orders, newest first, with whether a review request went out and
// whether the order was reviewed ("load more" pages by the last order's event).
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { Table } from '@/components/ui/table'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewOrdersResponse } from '@/app/ajax/reviews/orders/route'
import ops from '@/components/deliverability/ops.module.css'

const STATE_VARIANT: Record<string, BadgeVariant> = { not_requested: 'neutral', requested: 'info', reviewed: 'success' }

function OrdersPage({ before, onNext }: { before?: number; onNext?: (n: number) => void }) {
  const t = useTranslations('reviews')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<ReviewOrdersResponse>('/ajax/reviews/orders', { before })
  if (!data) return <LoadStates loading={isLoading} error={error} />
  if (!before && data.orders.length === 0)
    return <EmptyState heading={t('orders.emptyTitle')} body={t('orders.emptyBody')} />
  return (
    <>
      <Table
        caption={t('orders.title')}
        columns={[
          { key: 'order', header: t('orders.order') },
          { key: 'email', header: t('orders.customer') },
          { key: 'placed', header: t('orders.placed') },
          { key: 'products', header: t('orders.products'), align: 'right' },
          { key: 'state', header: t('orders.state') },
        ]}
        rows={data.orders.map((o) => ({
          id: o.id,
          order: o.orderKey,
          email: o.email ?? '–',
          placed: format.dateTime(new Date(o.placedAt), { dateStyle: 'medium' }),
          products: o.productCount,
          state: <Badge variant={STATE_VARIANT[o.state] ?? 'neutral'}>{t(`orders.stateLabel.${o.state}`)}</Badge>,
        }))}
      />
      {data.next && onNext && (
        <Button variant="secondary" onClick={() => onNext(data.next!)}>
          {t('loadMore')}
        </Button>
      )}
    </>
  )
}

export function ReviewOrdersScreen() {
  const t = useTranslations('reviews')
  const [pages, setPages] = useState<Array<number | undefined>>([undefined])
  return (
    <Page>
      <PageHead title={t('orders.title')} description={t('orders.description')} />
      <PageBody>
        <div className={ops.stack}>
          {pages.map((before, i) => (
            <OrdersPage
              key={before ?? 'first'}
              before={before}
              onNext={i === pages.length - 1 ? (n) => setPages([...pages, n]) : undefined}
            />
          ))}
        </div>
      </PageBody>
    </Page>
  )
}
