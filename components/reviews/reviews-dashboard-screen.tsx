'use client'
// /reviews and /reviews/dashboard: how many reviews wait, are shown or were turned away, the
// average rating shoppers see, and the latest reviews.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewsDashboardResponse } from '@/app/ajax/reviews/dashboard/route'
import { ReviewList } from './review-list'
import { ReviewStars } from './review-stars'
import ops from '@/components/deliverability/ops.module.css'

const STATUSES = ['pending', 'published', 'featured', 'unpublished', 'rejected'] as const

export function ReviewsDashboardScreen() {
  const t = useTranslations('reviews')
  const { data, error, isLoading } = useOps<ReviewsDashboardResponse>('/ajax/reviews/dashboard')
  return (
    <Page>
      <PageHead
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <LinkButton href="/reviews/moderation">{t('moderation')}</LinkButton>
            <LinkButton href="/reviews/products">{t('products')}</LinkButton>
          </>
        }
      />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : data.total === 0 ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
        ) : (
          <div className={ops.stack}>
            <div className={ops.grid}>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('averageRating')}</span>
                <span className={ops.figure}>{data.averageRating ?? '–'}</span>
                <ReviewStars rating={data.averageRating} />
                <span className={ops.muted}>{t('ratedCount', { count: data.ratedCount })}</span>
              </div>
              {STATUSES.map((s) => (
                <div key={s} className={ops.tile}>
                  <span className={ops.tileTitle}>{t(`status.${s}`)}</span>
                  <span className={ops.figure}>{data.counts[s] ?? 0}</span>
                </div>
              ))}
            </div>
            <Card title={t('recent')}>
              <ReviewList reviews={data.recent} />
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
