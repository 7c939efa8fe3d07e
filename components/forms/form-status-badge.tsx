'use client'
// A form's status (draft, live, scheduled) as a coloured badge.
import { useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import type { FormStatus } from './forms-types'

const VARIANT: Record<FormStatus, BadgeVariant> = { draft: 'neutral', live: 'success', scheduled: 'info' }

export function FormStatusBadge({ status }: { status: FormStatus }) {
  const t = useTranslations('forms')
  const s: FormStatus = status in VARIANT ? status : 'draft'
  return (
    <span data-testid="form-status">
      <Badge variant={VARIANT[s]}>{t(`status.${s}`)}</Badge>
    </span>
  )
}
