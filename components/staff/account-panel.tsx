'use client'
// Loads one account's data for a staff tool: spinner, the no-consent refusal, an error with retry.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { errorText, isNoConsent, staffGet } from './staff-api'

export function useAccountData<T>(url: string | null) {
  return useSWR<T>(url, staffGet, { revalidateOnFocus: false, shouldRetryOnError: false })
}

export function PanelState({ error, loading, retry }: { error: unknown; loading: boolean; retry: () => void }) {
  const t = useTranslations('staff')
  if (error)
    return isNoConsent(error) ? (
      <Notification variant="warning" title={t('noConsentTitle')}>
        {t('noConsentBody')}
      </Notification>
    ) : (
      <Notification variant="error" action={{ label: t('retry'), onClick: retry }}>
        {errorText(error)}
      </Notification>
    )
  if (loading) return <Spinner label={t('loading')} />
  return null
}
