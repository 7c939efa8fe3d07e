'use client'
// /manage-apps/created/{appId}: the client id and, this once, the client secret.
import { useSyncExternalStore } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Notification } from '@/components/ui/notification'
import { LinkButton } from '@/components/ui/button'
import { secretKey } from './types'

// Read once and forget: a reload or another tab never shows the secret again. Kept in memory
// for this page's life so re-renders (and Strict Mode's double calls) still see it.
const taken = new Map<string, string | null>()
function takeSecret(appId: string): string | null {
  if (!taken.has(appId)) {
    taken.set(appId, sessionStorage.getItem(secretKey(appId)))
    sessionStorage.removeItem(secretKey(appId))
  }
  return taken.get(appId) ?? null
}
const noSubscribe = () => () => {}

export function AppCreatedScreen({ appId }: { appId: string }) {
  const t = useTranslations('oauthApps')
  const secret = useSyncExternalStore(
    noSubscribe,
    () => takeSecret(appId),
    () => null,
  )
  return (
    <Page>
      <PageHead title={t('createdTitle')} />
      <PageBody>
        <p>
          {t('clientIdLabel')} <code data-testid="oauth-client-id">{appId}</code>
        </p>
        {secret ? (
          <>
            <Notification variant="warning">{t('secretOnce')}</Notification>
            <p>
              {t('clientSecretLabel')} <code data-testid="oauth-client-secret">{secret}</code>
            </p>
          </>
        ) : (
          <p>{t('secretGone')}</p>
        )}
        <LinkButton variant="primary" href={`/manage-apps/${appId}`}>
          {t('openApp')}
        </LinkButton>
      </PageBody>
    </Page>
  )
}
