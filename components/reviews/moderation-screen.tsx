'use client'
// /reviews/moderation: the queue, pending first by default, with status, rating, type and text
// filters and "load more" paging.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { ReviewPages } from './review-pages'
import styles from './reviews.module.css'

const STATUSES = ['pending', 'published', 'featured', 'unpublished', 'rejected'] as const
const TYPES = ['review', 'question', 'rating', 'store'] as const

export function ModerationScreen() {
  const t = useTranslations('reviews')
  const [status, setStatus] = useState('pending')
  const [rating, setRating] = useState('')
  const [type, setType] = useState('')
  const [q, setQ] = useState('')
  return (
    <Page>
      <PageHead title={t('moderation')} description={t('moderationDescription')} />
      <PageBody>
        <div className={styles.filters}>
          <Select
            label={t('filterStatus')}
            name="status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[{ value: '', label: t('all') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
          <Select
            label={t('filterRating')}
            name="rating"
            value={rating}
            onChange={(e) => setRating(e.target.value)}
            options={[
              { value: '', label: t('all') },
              ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: String(n) })),
            ]}
          />
          <Select
            label={t('filterType')}
            name="type"
            value={type}
            onChange={(e) => setType(e.target.value)}
            options={[{ value: '', label: t('all') }, ...TYPES.map((s) => ({ value: s, label: t(`type.${s}`) }))]}
          />
          <TextField label={t('search')} name="q" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <ReviewPages
          params={{
            status: status || undefined,
            rating: rating || undefined,
            type: type || undefined,
            q: q || undefined,
          }}
          empty={<EmptyState heading={t('queueEmptyTitle')} body={t('queueEmptyBody')} />}
        />
      </PageBody>
    </Page>
  )
}
