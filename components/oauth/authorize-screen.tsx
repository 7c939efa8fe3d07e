'use client'
// /oauth/authorize: the consent screen. The merchant sees the app, who made it and what it may
// do in words, picks the account when they manage several, and approves or denies; the server
// answers where to send the browser (the app's redirect URI with a code or an error, and the
// app's state). A request we cannot trust (unknown client, unregistered redirect URI) is shown
// here and never redirected.
import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { ScopeWords } from './scope-words'

interface AuthorizeInfo {
  error?: string
  redirect?: string
  app?: { id: string; name: string; developer: string; published?: boolean }
  scopes?: string[]
  redirectUri?: string
  accounts?: Array<{ id: number; name: string }>
  currentCompanyId?: number
}

const goTo = (url: string) => window.location.assign(url)

export function AuthorizeScreen({ query, navigate = goTo }: { query: string; navigate?: (url: string) => void }) {
  const t = useTranslations('oauthApps')
  const { data, error } = useSWR(`/ajax/oauth/authorize?${query}`, (url: string) =>
    http.get<AuthorizeInfo>(url).then((r) => r.data),
  )
  const [companyId, setCompanyId] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  // A request the app must hear about (bad PKCE, unknown scope) goes straight back to it.
  const errorRedirect = data?.redirect
  useEffect(() => {
    if (errorRedirect) navigate(errorRedirect)
  }, [errorRedirect, navigate])

  if (error) return <Notification variant="error">{t('authorizeLoadError')}</Notification>
  if (!data) return <Spinner size="large" />
  if (data.redirect) return <Spinner size="large" />
  if (data.error || !data.app)
    return (
      <Notification variant="error" title={t('authorizeInvalidTitle')}>
        {data.error}
      </Notification>
    )

  const accounts = data.accounts ?? []
  const chosen =
    companyId ??
    (accounts.some((a) => a.id === data.currentCompanyId) ? data.currentCompanyId! : (accounts[0]?.id ?? null))

  async function decide(approve: boolean) {
    setBusy(true)
    setFailed(false)
    try {
      const r = await http.post<{ redirect: string }>('/ajax/oauth/authorize', {
        query,
        approve,
        companyId: chosen ?? undefined,
      })
      navigate(r.data.redirect)
    } catch {
      setFailed(true)
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="oauth-consent-title" data-testid="oauth-consent">
      <h1 id="oauth-consent-title">{t('authorizeTitle', { app: data.app.name })}</h1>
      <p>{t('authorizeDeveloper', { developer: data.app.developer })}</p>
      {!data.app.published && <Notification variant="warning">{t('authorizeUnreviewed')}</Notification>}
      {accounts.length === 0 ? (
        <Notification variant="warning">{t('authorizeNoAccount')}</Notification>
      ) : accounts.length > 1 ? (
        <Select
          label={t('authorizeAccount')}
          name="companyId"
          value={String(chosen)}
          onChange={(e) => setCompanyId(Number(e.target.value))}
          options={accounts.map((a) => ({ value: String(a.id), label: a.name }))}
        />
      ) : (
        <p>{t('authorizeOneAccount', { account: accounts[0]!.name })}</p>
      )}
      <h2>{t('authorizeScopesHeading')}</h2>
      <ScopeWords scopes={data.scopes ?? []} />
      <p>{t('authorizeRedirectNote', { uri: data.redirectUri ?? '' })}</p>
      {failed && <Notification variant="error">{t('authorizeFailed')}</Notification>}
      <div>
        <Button variant="secondary" onClick={() => void decide(false)} disabled={busy} data-testid="oauth-deny">
          {t('deny')}
        </Button>
        <Button
          variant="primary"
          onClick={() => void decide(true)}
          disabled={busy || chosen == null}
          loading={busy}
          data-testid="oauth-approve"
        >
          {t('approve')}
        </Button>
      </div>
    </section>
  )
}
