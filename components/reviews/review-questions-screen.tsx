'use client'
// /reviews/questions: shoppers' questions about products, newest first, by status; each opens
// its page to answer and publish it.
import { useState } from 'react'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewQuestionsResponse } from '@/app/ajax/reviews/questions/route'
import { STATUS_VARIANT } from './review-list'
import ops from '@/components/deliverability/ops.module.css'

export const QUESTION_STATUS_CHOICES = ['pending', 'published', 'rejected'] as const

function QuestionsPage({ status, before, onNext }: { status?: string; before?: string; onNext?: (n: string) => void }) {
  const t = useTranslations('reviews')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<ReviewQuestionsResponse>('/ajax/reviews/questions', { status, before })
  if (!data) return <LoadStates loading={isLoading} error={error} />
  if (!before && data.questions.length === 0)
    return <EmptyState heading={t('questions.emptyTitle')} body={t('questions.emptyBody')} />
  return (
    <>
      <Table
        caption={t('questions.title')}
        columns={[
          { key: 'question', header: t('questions.question') },
          { key: 'product', header: t('product') },
          { key: 'status', header: t('filterStatus') },
          { key: 'date', header: t('questions.asked') },
        ]}
        rows={data.questions.map((q) => ({
          id: q.id,
          question: <Link href={`/reviews/questions/${q.id}`}>{q.question}</Link>,
          product: q.productExternalId,
          status: <Badge variant={STATUS_VARIANT[q.status] ?? 'neutral'}>{t(`status.${q.status}`)}</Badge>,
          date: format.dateTime(new Date(q.created), { dateStyle: 'medium' }),
        }))}
      />
      {data.next && onNext && (
        <Button variant="secondary" onClick={() => onNext(data.next!)}>
          {t('loadMore')}
        </Button>
      )}
    </>
  )
}

export function ReviewQuestionsScreen() {
  const t = useTranslations('reviews')
  const [status, setStatus] = useState<string>('')
  const [pages, setPages] = useState<{ status: string; befores: Array<string | undefined> }>({
    status: '',
    befores: [undefined],
  })
  const befores = pages.status === status ? pages.befores : [undefined]
  return (
    <Page>
      <PageHead title={t('questions.title')} description={t('questions.description')} />
      <PageBody>
        <div className={ops.stack}>
          <div className={ops.row}>
            <Select
              label={t('filterStatus')}
              name="status"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              options={[
                { value: '', label: t('all') },
                ...QUESTION_STATUS_CHOICES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
            />
          </div>
          {befores.map((before, i) => (
            <QuestionsPage
              key={`${status}:${before ?? 'first'}`}
              status={status || undefined}
              before={before}
              onNext={i === befores.length - 1 ? (n) => setPages({ status, befores: [...befores, n] }) : undefined}
            />
          ))}
        </div>
      </PageBody>
    </Page>
  )
}
