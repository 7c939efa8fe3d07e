'use client'
// A message (Send) on the activity timeline: channel, subject, source, status and, for a
// skipped, deferred or failed message, the reason (and until when a deferral holds).
import { useFormatter, useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import type { TimelineMessage } from '@/lib/profile-view/profile-detail-types'
import { MetricIcon } from './metric-icon'
import styles from './profile-screen.module.css'

const VARIANT: Record<string, BadgeVariant> = {
  sent: 'success',
  delivered: 'success',
  skipped: 'warning',
  deferred: 'info',
  queued: 'neutral',
  sending: 'info',
  bounced: 'danger',
  failed: 'danger',
  unknown: 'warning',
}

export function TimelineMessageRow({ message: m, timeZone }: { message: TimelineMessage; timeZone: string }) {
  const t = useTranslations('profileMessages')
  const format = useFormatter()
  const label = (group: string, key: string) =>
    t.has(`${group}.${key}`) ? t(`${group}.${key}`) : key.replace(/_/g, ' ')
  const channel = label('channel', m.channel)
  const time = format.dateTime(new Date(m.datetime), { hour: 'numeric', minute: '2-digit', timeZone })
  return (
    <li className={styles.event} data-testid="timeline-message" data-status={m.status} data-send-id={m.id}>
      <MetricIcon name={m.channel === 'email' ? 'Email' : 'SMS'} />
      <div className={styles.eventBody}>
        <div className={styles.eventHead}>
          <span className={styles.eventMetric}>{t('title', { channel })}</span>
          <Badge variant={VARIANT[m.status] ?? 'neutral'}>{label('status', m.status)}</Badge>
          <time
            className={styles.eventTime}
            dateTime={m.datetime}
            title={format.dateTime(new Date(m.datetime), { dateStyle: 'full', timeStyle: 'long', timeZone })}
          >
            {time}
          </time>
        </div>
        <p className={styles.eventSummary}>
          {m.subject || t('noSubject')} · {label('source', m.sourceType)}
        </p>
        {m.reason && (
          <p className={styles.eventSummary} data-testid="timeline-message-reason">
            {label('reason', m.reason)}
            {m.status === 'deferred' &&
              m.deferredUntil &&
              ` · ${t('until', { time: format.dateTime(new Date(m.deferredUntil), { dateStyle: 'medium', timeStyle: 'short', timeZone }) })}`}
          </p>
        )}
      </div>
    </li>
  )
}
