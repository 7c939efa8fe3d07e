'use client'
// A page of reviews (the queue, the dashboard's latest, a product's reviews): text is rendered
// by React, so a review's HTML shows as the characters it is.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import type { ReviewsQueueResponse } from '@/app/ajax/reviews/route'
import { ReviewStars } from './review-stars'
import styles from './reviews.module.css'

export const STATUS_VARIANT: Record<string, BadgeVariant> = {
  pending: 'warning',
  published: 'success',
  featured: 'intelligence',
  unpublished: 'neutral',
  rejected: 'danger',
}

export function ReviewList({ reviews }: { reviews: ReviewsQueueResponse['reviews'] }) {
  const t = useTranslations('reviews')
  const format = useFormatter()
  return (
    <ul className={styles.list}>
      {reviews.map((r) => (
        <li key={r.id} className={styles.item}>
          <div className={styles.meta}>
            <ReviewStars rating={r.rating} />
            <Badge variant={STATUS_VARIANT[r.status] ?? 'neutral'}>{t(`status.${r.status}`)}</Badge>
            {r.reviewType !== 'review' && <Badge>{t(`type.${r.reviewType}`)}</Badge>}
            {r.verified && <Badge variant="info">{t('verified')}</Badge>}
            {r.flags.map((f) => (
              <Badge key={f} variant="warning">
                {t(`flag.${f}`)}
              </Badge>
            ))}
          </div>
          <Link href={`/reviews/moderation/${r.id}`}>
            <strong>{r.title || t('untitled')}</strong>
          </Link>
          <p className={styles.body}>{r.body}</p>
          <span className={styles.meta}>
            {t('byline', { author: r.author, date: format.dateTime(new Date(r.created), { dateStyle: 'medium' }) })}
          </span>
        </li>
      ))}
    </ul>
  )
}
