'use client'
// A rating as five stars, read out as "4 of 5 stars".
import { useTranslations } from 'next-intl'
import styles from './reviews.module.css'

export function ReviewStars({ rating }: { rating: number | null }) {
  const t = useTranslations('reviews')
  if (rating == null) return null
  const whole = Math.round(rating)
  return (
    <span className={styles.stars} role="img" aria-label={t('starsLabel', { rating })}>
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  )
}
