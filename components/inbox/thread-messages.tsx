'use client'
// The messages of a thread: the customer's on the left, the team's on the right, notes across,
// automatic answers marked as such, and each reply's delivery status (with the reason of a
// refusal or failure).
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import type { ThreadMessage } from '@/lib/inbox/get-thread'
import styles from './inbox.module.css'

const DELIVERY = [
  'queued',
  'deferred',
  'sending',
  'sent',
  'delivered',
  'failed',
  'bounced',
  'skipped',
  'refused',
  'unknown',
] as const
const REASONS = [
  'opted_out',
  'no_phone',
  'no_email',
  'profile_deleted',
  'suppressed_bounced',
  'suppressed_spam_complaint',
  'outside_window',
] as const
const FLOW_NOTE = /^start_flow:(.+):(started|not_started)$/

export function ThreadMessages({ messages, authors }: { messages: ThreadMessage[]; authors: Map<number, string> }) {
  const t = useTranslations('inbox')
  const format = useFormatter()
  const reason = (r: string) => ((REASONS as readonly string[]).includes(r) ? t(`reason.${r as 'opted_out'}`) : r)
  return (
    <>
      {messages.map((m) => {
        const flow = m.kind === 'note' ? FLOW_NOTE.exec(m.body) : null
        const cls =
          m.kind === 'note' ? styles.note : m.direction === 'out' ? `${styles.bubble} ${styles.out}` : styles.bubble
        return (
          <div
            key={m.id}
            className={`${styles.bubble} ${cls}`}
            data-testid="inbox-message"
            data-direction={m.direction}
          >
            {flow ? t(flow[2] === 'started' ? 'flowStarted' : 'flowNotStarted', { flowId: flow[1]! }) : m.body}
            {m.media.map((x) => (
              <div key={x.index} data-testid="inbox-attachment" data-status={x.status}>
                {x.status === 'stored' && x.href && x.contentType.startsWith('image/') ? (
                  <a href={x.href} target="_blank" rel="noreferrer noopener">
                    {/* eslint-disable-next-line @next/next/no-img-element -- a private file of the team's session, not an optimisable asset */}
                    <img src={x.href} alt={x.caption ?? t('attachmentImage')} className={styles.attachmentThumb} />
                  </a>
                ) : x.status === 'stored' && x.href ? (
                  <a href={x.href} download className={styles.meta}>
                    {t('attachment', { type: x.contentType })}
                  </a>
                ) : (
                  <span className={styles.meta}>
                    {t(x.status === 'unavailable' ? 'attachmentUnavailable' : 'attachmentPending', {
                      type: x.contentType,
                    })}
                  </span>
                )}
              </div>
            ))}
            <div className={styles.meta}>
              <span>{format.dateTime(new Date(m.createdAt), { dateStyle: 'short', timeStyle: 'short' })}</span>
              {m.kind === 'note' && <span>{t('noteLabel')}</span>}
              {m.kind === 'automatic' && <Badge variant="intelligence">{t('automatic')}</Badge>}
              {m.authorUserId !== null && authors.get(m.authorUserId) && <span>{authors.get(m.authorUserId)}</span>}
              {m.deliveryStatus && (DELIVERY as readonly string[]).includes(m.deliveryStatus) && (
                <span data-testid="inbox-delivery">{t(`delivery.${m.deliveryStatus as 'sent'}`)}</span>
              )}
              {m.deliveryReason && <span>{reason(m.deliveryReason)}</span>}
            </div>
          </div>
        )
      })}
    </>
  )
}
