'use client'
// The account-state banners of seed 000 (the app shell's company flags): a failed payment, a
// cancellation scheduled for the period's end, a suspended, disabled or cancelled account. Each
// names what happened; the way to fix it is shown to those who may change billing.
import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import { useShellData, usePermission } from '@/lib/client/shell-context'
import { useBanners, type BannerInput } from '@/components/shell/banners'
import { AppLink } from '@/components/shell/app-link'

const IDS = [
  'account-failed-payment',
  'account-cancel-scheduled',
  'account-suspended',
  'account-cancelled',
  'account-disabled',
]

export function AccountStateBanners() {
  const t = useTranslations('billing')
  // show and dismiss are stable; the banner list itself changes with every show, so it is no dependency.
  const { show: showBanner, dismiss } = useBanners()
  const company = useShellData()?.appShell?.company
  const canFix = usePermission('billing_write')
  const failed = !!company?.isInFailedPaymentState
  const scheduled = !!company?.isScheduledForCancellation
  const suspended = !!company?.isSuspended
  const cancelled = !!company?.isCancelled
  const disabled = !!company?.isDisabled
  useEffect(() => {
    const show: BannerInput[] = []
    const fix = (href: string, label: string) =>
      canFix ? (
        <>
          {' '}
          <AppLink href={href}>{label}</AppLink>
        </>
      ) : null
    if (failed)
      show.push({
        id: 'account-failed-payment',
        variant: 'error',
        dismissible: false,
        content: (
          <span>
            {t('stateFailedPayment')}
            {fix('/settings/billing/manage-subscription', t('stateFixPayment'))}
          </span>
        ),
      })
    if (scheduled && !cancelled)
      show.push({
        id: 'account-cancel-scheduled',
        variant: 'warning',
        storageKey: 'account-cancel-scheduled',
        content: (
          <span>
            {t('stateCancelScheduled')}
            {fix('/cancel', t('stateKeepPlan'))}
          </span>
        ),
      })
    if (suspended)
      show.push({ id: 'account-suspended', variant: 'error', dismissible: false, content: t('stateSuspended') })
    if (cancelled) show.push({ id: 'account-cancelled', variant: 'info', content: t('stateCancelled') })
    if (disabled && !suspended && !cancelled)
      show.push({ id: 'account-disabled', variant: 'error', dismissible: false, content: t('stateDisabled') })
    for (const id of IDS) if (!show.some((b) => b.id === id)) dismiss(id)
    for (const b of show) showBanner(b)
  }, [failed, scheduled, suspended, cancelled, disabled, canFix, showBanner, dismiss, t])
  return null
}
