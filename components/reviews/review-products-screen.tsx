'use client'
// /reviews/products: every reviewed product with its rating, how many reviews shoppers see and
// how many wait in the queue.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { Table } from '@/components/ui/table'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewProductsResponse } from '@/app/ajax/reviews/products/route'
import { ReviewStars } from './review-stars'

export function ReviewProductsScreen() {
  const t = useTranslations('reviews')
  const { data, error, isLoading } = useOps<ReviewProductsResponse>('/ajax/reviews/products')
  return (
    <Page>
      <PageHead title={t('products')} description={t('productsDescription')} />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : data.products.length === 0 ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
        ) : (
          <Table
            caption={t('products')}
            columns={[
              { key: 'product', header: t('product') },
              { key: 'rating', header: t('averageRating') },
              { key: 'count', header: t('reviewCount'), align: 'right' },
              { key: 'pending', header: t('status.pending'), align: 'right' },
            ]}
            rows={data.products.map((p) => ({
              id: p.id,
              product: <Link href={`/reviews/products/${p.id}`}>{p.title}</Link>,
              rating: (
                <>
                  <ReviewStars rating={p.averageRating} /> {p.averageRating ?? '–'}
                </>
              ),
              count: p.reviewCount,
              pending: p.pendingCount,
            }))}
          />
        )}
      </PageBody>
    </Page>
  )
}
