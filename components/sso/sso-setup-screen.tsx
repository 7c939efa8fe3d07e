'use client'
// /sso/setup: the identity provider (its metadata XML, or entity id, SSO URL and certificate), the
// e-mail domains that sign in through it, whether passwords still work, and the values the
// identity provider needs from us (entity id, ACS URL, metadata download).
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './sso.module.css'

export interface SsoConfigView {
  loginType: 'saml' | 'oidc'
  enabled: boolean
  enforced: boolean
  emailDomains: string[]
  idpEntityId: string
  idpSsoUrl: string
  certificates: number
  lastTestedAt: string | null
  lastTestResult: string | null
  oidc: {
    issuer: string
    authorizationUrl: string
    tokenUrl: string
    userinfoUrl: string
    clientId: string
    hasClientSecret: boolean
    redirectUri: string
  }
  sp: { entityId: string; acsUrl: string; metadataUrl: string }
}

export const fetchSsoConfig = (url: string) =>
  http.get<SsoConfigView>(url, { transformKeys: false }).then((r) => r.data)

export function SsoSetupScreen() {
  const t = useTranslations('sso')
  const { data, error, isLoading, mutate } = useSWR('/ajax/sso/config', fetchSsoConfig)
  return (
    <Page>
      <PageHead title={t('setupTitle')} description={t('setupDescription')} />
      <PageBody>
        {error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadFailed')}
          </Notification>
        )}
        {isLoading && <Spinner label={t('loading')} />}
        {data && <SetupForm initial={data} onSaved={(v) => void mutate(v, { revalidate: false })} />}
      </PageBody>
    </Page>
  )
}

function SetupForm({ initial, onSaved }: { initial: SsoConfigView; onSaved: (v: SsoConfigView) => void }) {
  const t = useTranslations('sso')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [pending, setPending] = useState(false)
  const [loginType, setLoginType] = useState(initial.loginType)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const text = (k: string) => String(f.get(k) ?? '').trim()
    const body = {
      loginType,
      oidcIssuer: text('oidcIssuer') || undefined,
      oidcAuthorizationUrl: text('oidcAuthorizationUrl') || undefined,
      oidcTokenUrl: text('oidcTokenUrl') || undefined,
      oidcUserinfoUrl: text('oidcUserinfoUrl') || undefined,
      oidcClientId: text('oidcClientId') || undefined,
      oidcClientSecret: text('oidcClientSecret') || undefined,
      enabled: f.get('enabled') === 'on',
      enforced: f.get('enforced') === 'on',
      emailDomains: text('emailDomains')
        .split(/[\s,]+/)
        .filter(Boolean),
      metadataXml: text('metadataXml') || undefined,
      idpEntityId: text('idpEntityId') || undefined,
      idpSsoUrl: text('idpSsoUrl') || undefined,
      idpCertificate: text('idpCertificate') || undefined,
    }
    setPending(true)
    setStatus(null)
    setErrors({})
    try {
      const r = await http.put<SsoConfigView>('/ajax/sso/config', body, { transformKeys: false })
      onSaved(r.data)
      setStatus({ ok: true, text: t('saved') })
    } catch (err) {
      const fail = readHttpFailure(err)
      setErrors(Object.fromEntries(Object.entries(fail.fieldErrors).map(([k, v]) => [k.split('.')[0]!, v])))
      setStatus({ ok: false, text: fail.message ?? t('saveFailed') })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className={styles.stack}>
      <Card title={t('spTitle')}>
        <fieldset className={styles.row}>
          <legend className={styles.label}>{t('loginType')}</legend>
          <label className={styles.check}>
            <input type="radio" name="loginType" checked={loginType === 'saml'} onChange={() => setLoginType('saml')} />
            {t('saml')}
          </label>
          <label className={styles.check}>
            <input type="radio" name="loginType" checked={loginType === 'oidc'} onChange={() => setLoginType('oidc')} />
            {t('oidc')}
          </label>
        </fieldset>
        {loginType === 'saml' ? (
          <>
            <dl className={styles.values}>
              <dt>{t('spEntityId')}</dt>
              <dd className={styles.mono}>{initial.sp.entityId}</dd>
              <dt>{t('acsUrl')}</dt>
              <dd className={styles.mono}>{initial.sp.acsUrl}</dd>
            </dl>
            <LinkButton href={initial.sp.metadataUrl} size="small" download="sp-metadata.xml">
              {t('downloadMetadata')}
            </LinkButton>
          </>
        ) : (
          <dl className={styles.values}>
            <dt>{t('redirectUri')}</dt>
            <dd className={styles.mono}>{initial.oidc.redirectUri}</dd>
          </dl>
        )}
      </Card>
      <Card title={t('idpTitle')}>
        <form className={styles.stack} onSubmit={onSubmit} noValidate>
          {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
          <label className={styles.check}>
            <input type="checkbox" name="enabled" defaultChecked={initial.enabled} />
            {t('enabled')}
          </label>
          <label className={styles.check}>
            <input type="checkbox" name="enforced" defaultChecked={initial.enforced} />
            {t('enforced')}
          </label>
          <TextField
            name="emailDomains"
            label={t('emailDomains')}
            hint={t('emailDomainsHint')}
            defaultValue={initial.emailDomains.join(', ')}
            error={errors.emailDomains}
          />
          {loginType === 'saml' ? (
            <>
              <label className={styles.label} htmlFor="sso-metadata">
                {t('metadataXml')}
              </label>
              <textarea id="sso-metadata" name="metadataXml" className={styles.textarea} spellCheck={false} />
              {errors.metadataXml && <p className={styles.error}>{errors.metadataXml}</p>}
              <p className={styles.muted}>{t('orFields')}</p>
              <TextField
                name="idpEntityId"
                label={t('idpEntityId')}
                defaultValue={initial.idpEntityId}
                error={errors.idpEntityId}
              />
              <TextField
                name="idpSsoUrl"
                label={t('idpSsoUrl')}
                defaultValue={initial.idpSsoUrl}
                error={errors.idpSsoUrl}
              />
              <label className={styles.label} htmlFor="sso-cert">
                {t('idpCertificate', { count: initial.certificates })}
              </label>
              <textarea id="sso-cert" name="idpCertificate" className={styles.textarea} spellCheck={false} />
              {errors.idpCertificate && <p className={styles.error}>{errors.idpCertificate}</p>}
            </>
          ) : (
            <>
              <TextField
                name="oidcIssuer"
                label={t('oidcIssuer')}
                defaultValue={initial.oidc.issuer}
                error={errors.oidcIssuer}
              />
              <TextField
                name="oidcAuthorizationUrl"
                label={t('oidcAuthorizationUrl')}
                defaultValue={initial.oidc.authorizationUrl}
                error={errors.oidcAuthorizationUrl}
              />
              <TextField
                name="oidcTokenUrl"
                label={t('oidcTokenUrl')}
                defaultValue={initial.oidc.tokenUrl}
                error={errors.oidcTokenUrl}
              />
              <TextField
                name="oidcUserinfoUrl"
                label={t('oidcUserinfoUrl')}
                defaultValue={initial.oidc.userinfoUrl}
                error={errors.oidcUserinfoUrl}
              />
              <TextField
                name="oidcClientId"
                label={t('oidcClientId')}
                defaultValue={initial.oidc.clientId}
                error={errors.oidcClientId}
              />
              <TextField
                name="oidcClientSecret"
                type="password"
                autoComplete="off"
                label={t('oidcClientSecret')}
                hint={initial.oidc.hasClientSecret ? t('secretSaved') : undefined}
                error={errors.oidcClientSecret}
              />
            </>
          )}
          <div className={styles.row}>
            <Button type="submit" variant="primary" loading={pending}>
              {t('save')}
            </Button>
            <Link href="/sso/test">{t('testLink')}</Link>
            <Link href="/sso/exemption-list">{t('exemptionsLink')}</Link>
          </div>
        </form>
      </Card>
    </div>
  )
}
