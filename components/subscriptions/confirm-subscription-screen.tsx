// The double opt-in link a subscriber clicks in the confirmation mail: a valid token confirms
// the pending subscription (idempotent, so a second click still says "confirmed").
import { getTranslations } from 'next-intl/server'
import { AuthCard } from '@/components/auth/auth-card'
import { ErrorIcon, SuccessIcon } from '@/components/ui/icons'
import { AppError } from '@/lib/errors/app-error'
import { confirmDoubleOptIn, verifyDoubleOptInToken } from '@/lib/profiles/double-opt-in'
import { resolveConsentPage } from '@/lib/hosted-pages/consent-page-store'

export async function confirmSubscription(p: {
  companyId: string
  profileId: string
  listId: string
  token: string
}): Promise<boolean> {
  const companyId = Number(p.companyId)
  if (!Number.isInteger(companyId) || !verifyDoubleOptInToken(companyId, p.profileId, p.listId, p.token)) return false
  try {
    await confirmDoubleOptIn(companyId, p.profileId, p.listId)
    return true
  } catch (e) {
    if (e instanceof AppError) return false // the list or profile is gone, or nothing was pending
    throw e
  }
}

// The merchant's "confirm subscription" consent page (issue 20) may replace the confirmed
// texts; React escapes them. Only a verified link reads the company's page.
export async function ConfirmSubscriptionScreen({
  confirmed,
  companyId,
  listId,
}: {
  confirmed: boolean
  companyId?: number
  listId?: string
}) {
  const t = await getTranslations('subscriptionConfirm')
  const own = confirmed && companyId ? await resolveConsentPage(companyId, 'confirm_subscription', listId) : null
  return confirmed ? (
    <AuthCard
      icon={<SuccessIcon size={24} />}
      iconTone="success"
      title={own?.headline || t('confirmedTitle')}
      subtitle={own?.body || t('confirmedBody')}
    />
  ) : (
    <AuthCard icon={<ErrorIcon size={24} />} iconTone="danger" title={t('invalidTitle')} subtitle={t('invalidBody')} />
  )
}
