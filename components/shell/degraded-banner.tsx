'use client'
// A degraded start (seed 000 §4): 5 s after mounting with placeholder data of medium or high
// severity, a warning banner says that parts of the app could not be loaded.
import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import { useBanners } from '@/components/shell/banners'
import type { DataStatus } from '@/lib/client/shell-types'

export const DEGRADED_NOTICE_DELAY_MS = 5000
export const DEGRADED_BANNER_ID = 'degraded-initialization'

export function DegradedBanner({ dataStatus }: { dataStatus: DataStatus }) {
  const t = useTranslations('shell')
  const banners = useBanners()
  const show = dataStatus.placeholder && (dataStatus.severity === 'medium' || dataStatus.severity === 'high')
  const message = t('degradedBanner')

  useEffect(() => {
    if (!show) return
    const timer = setTimeout(() => {
      banners.show({ id: DEGRADED_BANNER_ID, variant: 'warning', content: message, dismissible: true })
    }, DEGRADED_NOTICE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [show, banners, message])

  return null
}
