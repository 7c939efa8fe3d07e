'use client'
// /reviews/performance: reviews received and their average rating per month, review requests
// sent and how many were answered (request → review conversion), the request emails opened, over
// the last twelve months.
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewPerformanceResponse } from '@/app/ajax/reviews/performance/route'
import { ReviewStars } from './review-stars'
import ops from '@/components/deliverability/ops.module.css'
import styles from './reviews.module.css'

export function ReviewPerformanceScreen() {
  const t = useTranslations('reviews')
  const tr = useTranslations('reviewRequests')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<ReviewPerformanceResponse>('/ajax/reviews/performance')
  const pct = (v: number | null) => (v == null ? '–' : format.number(v, { style: 'percent' }))
  const most = Math.max(1, ...(data?.months.map((m) => m.reviews) ?? [0]))
  return (
    <Page>
      <PageHead title={t('performance.title')} description={t('performance.description')} />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <div className={ops.stack}>
            <div className={ops.grid}>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('performance.reviews')}</span>
                <span className={ops.figure}>{format.number(data.totals.reviews)}</span>
              </div>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('averageRating')}</span>
                <span className={ops.figure}>{data.totals.averageRating ?? '–'}</span>
                <ReviewStars rating={data.totals.averageRating} />
              </div>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('performance.requests')}</span>
                <span className={ops.figure}>{format.number(data.totals.requests)}</span>
              </div>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{tr('performanceOpened')}</span>
                <span className={ops.figure}>{pct(data.totals.openRate)}</span>
                <span className={ops.muted}>
                  {tr('performanceOpenedOf', { opened: data.totals.opened, emails: data.totals.emails })}
                </span>
              </div>
              <div className={ops.tile}>
                <span className={ops.tileTitle}>{t('performance.conversion')}</span>
                <span className={ops.figure}>{pct(data.totals.conversion)}</span>
                <span className={ops.muted}>{t('performance.answered', { count: data.totals.answered })}</span>
              </div>
            </div>
            <Card title={t('performance.byMonth')}>
              <Table
                caption={t('performance.byMonth')}
                columns={[
                  { key: 'month', header: t('performance.month') },
                  { key: 'reviews', header: t('performance.reviews') },
                  { key: 'rating', header: t('averageRating'), align: 'right' },
                  { key: 'requests', header: t('performance.requests'), align: 'right' },
                  { key: 'opened', header: tr('performanceOpenRate'), align: 'right' },
                  { key: 'conversion', header: t('performance.conversion'), align: 'right' },
                ]}
                rows={data.months.map((m) => ({
                  id: m.month,
                  month: format.dateTime(new Date(`${m.month}-01T00:00:00Z`), {
                    year: 'numeric',
                    month: 'short',
                    timeZone: 'UTC',
                  }),
                  reviews: (
                    <span className={styles.barCell}>
                      <span
                        className={styles.bar}
                        style={{ width: `${Math.round((m.reviews / most) * 100)}px` }}
                        aria-hidden
                      />
                      {format.number(m.reviews)}
                    </span>
                  ),
                  rating: m.averageRating ?? '–',
                  requests: format.number(m.requests),
                  opened: pct(m.openRate),
                  conversion: pct(m.conversion),
                }))}
              />
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
