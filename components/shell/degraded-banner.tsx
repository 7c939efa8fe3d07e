'use client'
// A degraded start (seed 000 §4): 5 s after mounting with placeholder data of medium or high
// severity, a warning banner says that parts of the app could not be loaded.
import { useEffect, useRef } from 'react'
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
  // The banner API object changes whenever the banner list does; read it through a ref so
  // showing (or dismissing) a banner does not restart the delay and show it again.
  const latest = useRef({ banners, message })
  useEffect(() => {
    latest.current = { banners, message }
  })

  useEffect(() => {
    if (!show) return
    const timer = setTimeout(() => {
      const { banners: api, message: content } = latest.current
      api.show({ id: DEGRADED_BANNER_ID, variant: 'warning', content, dismissible: true })
    }, DEGRADED_NOTICE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [show])

  return null
}
