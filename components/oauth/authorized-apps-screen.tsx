'use client'
// /oauth/client: the apps that can reach this account, what they may do, and a revoke that takes effect at once.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { ScopeWords } from './scope-words'

interface AuthorizedApp {
  appId: string
  name: string
  developer: string
  scopes: string[]
  authorizedAt: string
}

export function AuthorizedAppsScreen({ appId }: { appId?: string } = {}) {
  const t = useTranslations('oauthApps')
  const format = useFormatter()
  const canRevoke = usePermission(['oauth_company_integration_write'])
  const { data, error, mutate } = useSWR('/ajax/oauth/client', (url: string) =>
    http.get<{ apps: AuthorizedApp[] }>(url).then((r) => r.data),
  )
  const revoke = async (a: AuthorizedApp) => {
    if (!window.confirm(t('revokeConfirm', { name: a.name }))) return
    await http.delete(`/ajax/oauth/client/${encodeURIComponent(a.appId)}`)
    await mutate()
  }
  const apps = (data?.apps ?? []).filter((a) => !appId || a.appId === appId)
  let body
  if (error) body = <Notification variant="error">{t('loadError')}</Notification>
  else if (!data) body = <Spinner size="large" />
  else if (!apps.length) body = <EmptyState heading={t('authorizedEmpty')} body={t('authorizedEmptyBody')} />
  else
    body = apps.map((a) => (
      <section key={a.appId} data-testid={`authorized-${a.appId}`}>
        <h2>{a.name}</h2>
        <p>
          {t('authorizeDeveloper', { developer: a.developer })} ·{' '}
          {t('authorizedSince', { date: format.dateTime(new Date(a.authorizedAt), { dateStyle: 'medium' }) })}
        </p>
        <ScopeWords scopes={a.scopes} />
        {canRevoke && (
          <Button variant="danger" onClick={() => void revoke(a)}>
            {t('revoke')}
          </Button>
        )}
      </section>
    ))
  return (
    <Page>
      <PageHead title={t('authorizedTitle')} description={t('authorizedDescription')} />
      <PageBody>{body}</PageBody>
    </Page>
  )
}
