'use client'
// A campaign's status (the vendor's texts, plus Paused) as a coloured, translated badge.
import { useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'

const KEYS: Record<string, { key: string; variant: BadgeVariant }> = {
  Draft: { key: 'statusDraft', variant: 'neutral' },
  Scheduled: { key: 'statusScheduled', variant: 'info' },
  'Preparing to schedule': { key: 'statusPreparingToSchedule', variant: 'info' },
  'Preparing to send': { key: 'statusPreparingToSend', variant: 'info' },
  'Adding Recipients': { key: 'statusAddingRecipients', variant: 'info' },
  Sending: { key: 'statusSending', variant: 'warning' },
  'Sending Segments': { key: 'statusSending', variant: 'warning' },
  'Variations Sent': { key: 'statusVariationsSent', variant: 'intelligence' },
  Paused: { key: 'statusPaused', variant: 'warning' },
  Sent: { key: 'statusSent', variant: 'success' },
  Cancelled: { key: 'statusCancelled', variant: 'danger' },
  'Queued without Recipients': { key: 'statusNoRecipients', variant: 'danger' },
}

export const STATUS_FILTERS = [
  'Draft',
  'Scheduled',
  'Sending',
  'Paused',
  'Variations Sent',
  'Sent',
  'Cancelled',
] as const

export function useStatusLabel() {
  const t = useTranslations('campaigns')
  return (status: string) => {
    const k = KEYS[status] ?? (status.startsWith('Cancelled') ? KEYS['Cancelled'] : undefined)
    return k
      ? t(k.key as 'statusDraft') + (status.startsWith('Cancelled:') ? ` (${status.slice(10).trim()})` : '')
      : status
  }
}

export function CampaignStatusBadge({ status }: { status: string }) {
  const label = useStatusLabel()
  const k = KEYS[status] ?? (status.startsWith('Cancelled') ? KEYS['Cancelled'] : undefined)
  return <Badge variant={k?.variant ?? 'neutral'}>{label(status)}</Badge>
}

/** The channel's translated name. */
export function useChannelLabel() {
  const t = useTranslations('campaigns')
  return (channel: string) =>
    channel === 'sms' ? t('channelSms') : channel === 'mobile_push' ? t('channelPush') : t('channelEmail')
}
