'use client'
// A flow's status (seed 002 §3.1 codes) as a coloured badge.
import { useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { STATUS_NAME, type FlowStatusCode } from './types'

const VARIANT: Record<FlowStatusCode, BadgeVariant> = {
  0: 'neutral',
  1: 'warning',
  2: 'success',
  3: 'danger',
  4: 'info',
}

export function FlowStatusBadge({ status }: { status: FlowStatusCode }) {
  const t = useTranslations('flows')
  const code = (status in STATUS_NAME ? status : '0') as FlowStatusCode
  return <Badge variant={VARIANT[code]}>{t(`status.${STATUS_NAME[code]}`)}</Badge>
}
