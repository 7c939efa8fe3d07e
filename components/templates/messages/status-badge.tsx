'use client'
import { useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'

const VARIANT: Record<string, BadgeVariant> = {
  queued: 'neutral',
  deferred: 'neutral',
  sending: 'info',
  sent: 'success',
  delivered: 'success',
  skipped: 'warning',
  bounced: 'danger',
  failed: 'danger',
  unknown: 'warning',
}
const LABEL_KEYS: Record<string, string> = {
  queued: 'statusQueued',
  deferred: 'statusDeferred',
  sending: 'statusSending',
  sent: 'statusSent',
  delivered: 'statusDelivered',
  skipped: 'statusSkipped',
  bounced: 'statusBounced',
  failed: 'statusFailed',
  unknown: 'statusUnknown',
}

/** A send's status; a mail kept in the local outbox says so instead of "sent". */
export function StatusBadge({ status, notDelivered }: { status: string; notDelivered: boolean }) {
  const t = useTranslations('sentMessages')
  if (notDelivered) return <Badge variant="warning">{t('notDelivered')}</Badge>
  return <Badge variant={VARIANT[status] ?? 'neutral'}>{LABEL_KEYS[status] ? t(LABEL_KEYS[status]) : status}</Badge>
}
