'use client'
// /reviews/questions/:id: a shopper's question; the merchant answers it and publishes it (the
// widget then shows it under the product) or rejects it.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewQuestionResponse } from '@/app/ajax/reviews/questions/[id]/route'
import { attempt, patchJson } from './reviews-api'
import { STATUS_VARIANT } from './review-list'
import ops from '@/components/deliverability/ops.module.css'
import styles from './reviews.module.css'

export function ReviewQuestionScreen({ id }: { id: string }) {
  const t = useTranslations('reviews')
  const format = useFormatter()
  const url = `/ajax/reviews/questions/${encodeURIComponent(id)}`
  const { data, error, isLoading, mutate } = useOps<ReviewQuestionResponse>(url)
  const [answer, setAnswer] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const save = async (body: { answer?: string | null; status?: string }) => {
    const r = await attempt(() => patchJson<ReviewQuestionResponse>(url, body))
    setErrors(r.fieldErrors)
    setStatus(r.data ? { ok: true, text: t('settings.saved') } : { ok: false, text: r.message ?? t('saveError') })
    if (r.data) await mutate(r.data, { revalidate: false })
  }
  const text = answer ?? data?.answer ?? ''
  return (
    <Page>
      <PageHead
        title={t('questions.one')}
        actions={<LinkButton href="/reviews/questions">{t('questions.back')}</LinkButton>}
      />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <div className={ops.stack}>
            {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
            <Card title={t('questions.question')}>
              <div className={styles.meta}>
                <Badge variant={STATUS_VARIANT[data.status] ?? 'neutral'}>{t(`status.${data.status}`)}</Badge>
                {data.product && <a href={`/reviews/products/${data.product.id}`}>{data.product.title}</a>}
              </div>
              <p className={styles.body}>{data.question}</p>
              <span className={styles.meta}>
                {t('byline', {
                  author: `${data.author} <${data.email}>`,
                  date: format.dateTime(new Date(data.created), { dateStyle: 'medium' }),
                })}
              </span>
            </Card>
            <Card title={t('questions.answer')}>
              <label className={styles.meta} htmlFor="question-answer">
                {t('questions.answerHint')}
              </label>
              <textarea
                id="question-answer"
                className={styles.reply}
                maxLength={2000}
                value={text}
                onChange={(e) => setAnswer(e.target.value)}
                aria-invalid={errors.answer ? true : undefined}
              />
              {errors.answer && <FormError id="question-answer-error">{errors.answer}</FormError>}
              <div className={styles.actions}>
                <Button variant="primary" onClick={() => save({ answer: text, status: 'published' })}>
                  {t('questions.publish')}
                </Button>
                <Button variant="secondary" onClick={() => save({ answer: text || null })}>
                  {t('questions.saveAnswer')}
                </Button>
                <Button variant="secondary" onClick={() => save({ status: 'rejected' })}>
                  {t('reject')}
                </Button>
              </div>
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
