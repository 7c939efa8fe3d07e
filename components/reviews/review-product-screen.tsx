'use client'
// /reviews/products/:id: one product's rating and all of its reviews, whatever their status.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewProductResponse } from '@/app/ajax/reviews/products/[id]/route'
import { ReviewPages } from './review-pages'
import { ReviewStars } from './review-stars'
import ops from '@/components/deliverability/ops.module.css'

export function ReviewProductScreen({ id }: { id: string }) {
  const t = useTranslations('reviews')
  const { data, error, isLoading } = useOps<ReviewProductResponse>(`/ajax/reviews/products/${encodeURIComponent(id)}`)
  return (
    <Page>
      <PageHead title={data?.title ?? t('product')} />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <div className={ops.stack}>
            <div className={ops.grid}>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('averageRating')}</span>
                <span className={ops.figure}>{data.averageRating ?? '–'}</span>
                <ReviewStars rating={data.averageRating} />
              </div>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('reviewCount')}</span>
                <span className={ops.figure}>{data.reviewCount}</span>
              </div>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('status.pending')}</span>
                <span className={ops.figure}>{data.pendingCount}</span>
              </div>
            </div>
            <Card title={t('productReviews')}>
              <ReviewPages
                params={{ product: data.id }}
                empty={<EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />}
              />
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
