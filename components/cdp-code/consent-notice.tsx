'use client'
// The notice the code screens show while the account has not accepted the one-time consent:
// functions are saved but do not run until an owner or admin accepts it.
import { useTranslations } from 'next-intl'
import { Notification } from '@/components/ui/notification'
import type { AuthorizationDto } from './types'

export function ConsentNotice({ authorization }: { authorization: AuthorizationDto | undefined }) {
  const t = useTranslations('cdpCode')
  if (!authorization || authorization.accepted) return null
  return (
    <Notification
      variant="warning"
      title={t('consentNeededTitle')}
      action={{ label: t('reviewConsent'), href: '/cdp/code/authorize' }}
    >
      {t('consentNeededBody')}
    </Notification>
  )
}
