'use client'
// /manage-apps/docs: the authorization code flow with PKCE, step by step, with curl.
import { useSyncExternalStore } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'

// This server's own address in the examples; the server render uses a placeholder, so
// hydration matches and the browser then fills in the real origin.
const noSubscribe = () => () => {}
const browserOrigin = () => window.location.origin
const serverOrigin = () => 'https://your-server'

export function OAuthDocsScreen() {
  const t = useTranslations('oauthApps')
  const o = useSyncExternalStore(noSubscribe, browserOrigin, serverOrigin)
  const steps: Array<[string, string]> = [
    [
      'docsStepPkce',
      `verifier=$(openssl rand -base64 60 | tr -dc 'A-Za-z0-9' | head -c 64)\nchallenge=$(printf %s "$verifier" | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | tr -d '=')`,
    ],
    [
      'docsStepAuthorize',
      `${o}/oauth/authorize?response_type=code&client_id=$CLIENT_ID&redirect_uri=https%3A%2F%2Fyour.app%2Fcallback&scope=profiles%3Aread%20events%3Awrite&state=$STATE&code_challenge=$challenge&code_challenge_method=S256`,
    ],
    [
      'docsStepToken',
      `curl -X POST ${o}/oauth/token -u "$CLIENT_ID:$CLIENT_SECRET" \\\n  -d grant_type=authorization_code -d code=$CODE \\\n  -d redirect_uri=https://your.app/callback -d code_verifier=$verifier`,
    ],
    ['docsStepCall', `curl ${o}/api/profiles/ -H "Authorization: Bearer $ACCESS_TOKEN" -H "revision: 2026-07-15"`],
    [
      'docsStepRefresh',
      `curl -X POST ${o}/oauth/token -u "$CLIENT_ID:$CLIENT_SECRET" \\\n  -d grant_type=refresh_token -d refresh_token=$REFRESH_TOKEN`,
    ],
    ['docsStepRevoke', `curl -X POST ${o}/oauth/revoke -u "$CLIENT_ID:$CLIENT_SECRET" -d token=$REFRESH_TOKEN`],
  ]
  return (
    <Page>
      <PageHead title={t('docsTitle')} description={t('docsIntro')} />
      <PageBody>
        <ol>
          {steps.map(([key, code]) => (
            <li key={key}>
              <p>{t(key)}</p>
              <pre>
                <code>{code}</code>
              </pre>
            </li>
          ))}
        </ol>
        <p>{t('docsRules')}</p>
      </PageBody>
    </Page>
  )
}
