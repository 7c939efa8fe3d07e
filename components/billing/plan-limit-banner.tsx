'use client'
// The app banner while the plan holds messages back (issue 26 §1): every member sees why
// marketing messages are skipped; the link to fix it is for those who can change the plan.
import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useBanners } from '@/components/shell/banners'
import { AppLink } from '@/components/shell/app-link'

const BANNER_ID = 'billing-plan-limit'

export function PlanLimitBanner() {
  const t = useTranslations('billing')
  // show and dismiss are stable; the banner list itself changes with every show, so it is no dependency.
  const { show, dismiss } = useBanners()
  const canFix = usePermission('billing_write')
  const { data } = useSWR(
    '/ajax/billing/limit-status',
    (url: string) => http.get<{ email: boolean; sms: boolean }>(url).then((r) => r.data),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  )
  const reached = data?.email || data?.sms
  useEffect(() => {
    if (!reached) {
      dismiss(BANNER_ID)
      return
    }
    const channels = data!.email && data!.sms ? 'both' : data!.email ? 'email' : 'sms'
    show({
      id: BANNER_ID,
      variant: 'warning',
      dismissible: true,
      content: (
        <span>
          {t('limitBanner', { channels })}{' '}
          {canFix && <AppLink href="/settings/billing/email-plans">{t('limitBannerAction')}</AppLink>}
        </span>
      ),
    })
  }, [reached, data, canFix, show, dismiss, t])
  return null
}
