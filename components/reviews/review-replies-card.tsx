'use client'
// The merchant's replies to a review: the history (public ones shown on the store, private ones
// emailed to the reviewer alone, with their delivery state) and a reply box with the choice.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { http } from '@/lib/client/http'
import { isHttpError } from '@/lib/client/http-error'
import type { ReviewDetailResponse } from '@/app/ajax/reviews/[id]/route'
import reviewStyles from './reviews.module.css'
import styles from './review-extras.module.css'

export function ReviewRepliesCard({
  review,
  onSaved,
}: {
  review: ReviewDetailResponse
  onSaved: (r: ReviewDetailResponse) => void
}) {
  const t = useTranslations('reviewsExtras.moderation')
  const tr = useTranslations('reviews')
  const format = useFormatter()
  const [body, setBody] = useState('')
  const [visibility, setVisibility] = useState<'public' | 'private'>('public')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const send = async () => {
    setError(null)
    setBusy(true)
    try {
      const url = `/ajax/reviews/${encodeURIComponent(review.id)}`
      // an empty public reply takes the one on the store down, as the reply box always did
      const r =
        visibility === 'public' && !body.trim()
          ? await http.patch<ReviewDetailResponse>(url, { publicReply: '' }, { transformKeys: false })
          : await http.post<ReviewDetailResponse>(`${url}/replies`, { body, visibility }, { transformKeys: false })
      setBody('')
      onSaved(r.data)
    } catch (e) {
      const fields = isHttpError(e) ? (e.data as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors : null
      setError(fields?.visibility?.[0] ?? fields?.body?.[0] ?? t('replyError'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title={t('replies')}>
      {review.replies.length ? (
        <ol className={styles.history}>
          {review.replies.map((r) => (
            <li key={r.id} className={styles.entry}>
              <span className={reviewStyles.meta}>
                <Badge variant={r.visibility === 'private' ? 'info' : 'neutral'}>
                  {r.visibility === 'private' ? t('private') : tr('publicReply')}
                </Badge>
                {t('replyByline', {
                  author: r.author,
                  date: format.dateTime(new Date(r.created), { dateStyle: 'medium', timeStyle: 'short' }),
                })}
                {r.visibility === 'private' && r.sendStatus && (
                  <span>{t('emailStatus', { status: r.sendStatus })}</span>
                )}
              </span>
              <p className={styles.entryBody}>{r.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className={reviewStyles.meta}>{t('noReplies')}</p>
      )}
      {error && <Notification variant="error">{error}</Notification>}
      <label className={reviewStyles.meta} htmlFor="review-reply">
        {t('replyLabel')}
      </label>
      <textarea
        id="review-reply"
        className={reviewStyles.reply}
        maxLength={2000}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <fieldset className={styles.choice}>
        <legend className={reviewStyles.meta}>{t('visibility')}</legend>
        {(['public', 'private'] as const).map((v) => (
          <label key={v}>
            <input
              type="radio"
              name="reply-visibility"
              value={v}
              checked={visibility === v}
              onChange={() => setVisibility(v)}
            />
            {v === 'public' ? tr('publicReply') : t('private')}
          </label>
        ))}
      </fieldset>
      <p className={reviewStyles.meta}>{visibility === 'private' ? t('privateHint') : tr('publicReplyHint')}</p>
      <div className={reviewStyles.actions}>
        <Button onClick={send} disabled={busy || (!body.trim() && (visibility === 'private' || !review.publicReply))}>
          {visibility === 'private' ? t('sendPrivate') : tr('saveReply')}
        </Button>
      </div>
    </Card>
  )
}
