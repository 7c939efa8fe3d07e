'use client'
// The shopper's photos on the moderation screen: thumbnails that open the full image, served by
// /media/review-images (only the company's own users see a photo of a review not yet shown).
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import styles from './review-extras.module.css'

export function ReviewPhotosCard({ images }: { images: string[] }) {
  const t = useTranslations('reviewsExtras.moderation')
  if (!images.length) return null
  return (
    <Card title={t('photos', { count: images.length })}>
      <ul className={styles.photos}>
        {images.map((src, i) => (
          <li key={src}>
            <a href={src} target="_blank" rel="noopener noreferrer">
              {/* eslint-disable-next-line @next/next/no-img-element -- a shopper's upload at its own size, not an optimised asset */}
              <img src={src} alt={t('photoAlt', { n: i + 1 })} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}
