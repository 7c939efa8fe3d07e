'use client'
import { useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'

const VARIANT: Record<string, BadgeVariant> = {
  succeeded: 'success',
  failed: 'danger',
  retrying: 'warning',
  running: 'info',
  queued: 'neutral',
}

export function SyncStatusBadge({ status }: { status: string }) {
  const t = useTranslations('dataPlatform')
  const known = status in VARIANT
  return <Badge variant={VARIANT[status] ?? 'neutral'}>{known ? t(`status.${status}`) : status}</Badge>
}
