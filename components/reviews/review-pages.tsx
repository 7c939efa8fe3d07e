'use client'
// Pages of /ajax/reviews for the given filters, one after another ("load more").
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewsQueueResponse } from '@/app/ajax/reviews/route'
import { ReviewList } from './review-list'

type Params = Record<string, string | undefined>

function ReviewPage({ params, onNext }: { params: Params; onNext?: (next: string) => void }) {
  const t = useTranslations('reviews')
  const { data, error, isLoading } = useOps<ReviewsQueueResponse>('/ajax/reviews', params)
  if (!data) return <LoadStates loading={isLoading} error={error} />
  return (
    <>
      <ReviewList reviews={data.reviews} />
      {data.next && onNext && (
        <Button variant="secondary" onClick={() => onNext(data.next!)}>
          {t('loadMore')}
        </Button>
      )}
    </>
  )
}

export function ReviewPages({ params, empty }: { params: Params; empty: React.ReactNode }) {
  // The loaded pages belong to one set of filters: new filters start again from the first page.
  const key = JSON.stringify(params)
  const [loaded, setLoaded] = useState<{ key: string; afters: string[] }>({ key, afters: [] })
  const afters = loaded.key === key ? loaded.afters : []
  const first = useOps<ReviewsQueueResponse>('/ajax/reviews', params)
  if (first.data && first.data.reviews.length === 0) return <>{empty}</>
  const pages = [undefined, ...afters]
  return (
    <>
      {pages.map((after, i) => (
        <ReviewPage
          key={after ?? 'first'}
          params={{ ...params, after }}
          onNext={i === pages.length - 1 ? (n) => setLoaded({ key, afters: [...afters, n] }) : undefined}
        />
      ))}
    </>
  )
}
