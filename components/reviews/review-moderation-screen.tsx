'use client'
// /reviews/moderation/:id: one review with what the rules flagged; publish, feature, unpublish or
// reject it with the vendor's reasons; its photos; replies in public or privately by email.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { http } from '@/lib/client/http'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewDetailResponse } from '@/app/ajax/reviews/[id]/route'
import { REJECT_REASONS } from '@/lib/reviews/reject-reasons'
import { ReviewStars } from './review-stars'
import { STATUS_VARIANT } from './review-list'
import { ReviewPhotosCard } from './review-photos-card'
import { ReviewRepliesCard } from './review-replies-card'
import styles from './reviews.module.css'

export function ReviewModerationScreen({ id }: { id: string }) {
  const t = useTranslations('reviews')
  const format = useFormatter()
  const url = `/ajax/reviews/${encodeURIComponent(id)}`
  const { data, error, isLoading, mutate } = useOps<ReviewDetailResponse>(url)
  const [reason, setReason] = useState<string>('other')
  const [failed, setFailed] = useState(false)
  const save = async (body: unknown) => {
    setFailed(false)
    try {
      const r = await http.patch<ReviewDetailResponse>(url, body, { transformKeys: false })
      await mutate(r.data, { revalidate: false })
    } catch {
      setFailed(true)
    }
  }
  return (
    <Page>
      <PageHead title={data?.title || t('untitled')} />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <div className={styles.list}>
            {failed && <Notification variant="error">{t('saveError')}</Notification>}
            <Card title={t('review')}>
              <div className={styles.meta}>
                <ReviewStars rating={data.rating} />
                <Badge variant={STATUS_VARIANT[data.status] ?? 'neutral'}>{t(`status.${data.status}`)}</Badge>
                {data.verified && <Badge variant="info">{t('verified')}</Badge>}
                {data.flags.map((f) => (
                  <Badge key={f} variant="warning">
                    {t(`flag.${f}`)}
                  </Badge>
                ))}
                {data.rejectionReason && <span>{t(`reason.${data.rejectionReason.reason}`)}</span>}
              </div>
              <p className={styles.body}>{data.body}</p>
              <span className={styles.meta}>
                {t('byline', {
                  author: `${data.author} <${data.email}>`,
                  date: format.dateTime(new Date(data.created), { dateStyle: 'medium' }),
                })}
              </span>
              {data.product && (
                <a href={`/reviews/products/${data.product.id}`} className={styles.meta}>
                  {data.product.title}
                </a>
              )}
            </Card>
            <ReviewPhotosCard images={data.images} />
            <Card title={t('decide')}>
              <div className={styles.actions}>
                <Button onClick={() => save({ status: { value: 'published' } })}>{t('publish')}</Button>
                <Button variant="secondary" onClick={() => save({ status: { value: 'featured' } })}>
                  {t('feature')}
                </Button>
                <Button variant="secondary" onClick={() => save({ status: { value: 'unpublished' } })}>
                  {t('unpublish')}
                </Button>
              </div>
              <div className={styles.filters}>
                <Select
                  label={t('rejectReason')}
                  name="reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  options={REJECT_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))}
                />
                <Button
                  variant="secondary"
                  onClick={() => save({ status: { value: 'rejected', rejectionReason: { reason } } })}
                >
                  {t('reject')}
                </Button>
              </div>
            </Card>
            <ReviewRepliesCard review={data} onSaved={(r) => mutate(r, { revalidate: false })} />
          </div>
        )}
      </PageBody>
    </Page>
  )
}
