'use client'
// /configure-mfa and its steps: 1 scan the QR code (or type the key), 2 confirm with a code,
// 3 keep the backup codes, shown this once. Used from the security settings and, when the
// account requires it, in the middle of sign-in.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { sessionStore } from '@/lib/client/session-store'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from './http-failure'
import styles from './auth.module.css'
import mfa from './mfa.module.css'

interface Setup {
  secret: string
  otpauthUrl: string
  qrCode: string
}

export function MfaSetupFlow({ nextPath }: { nextPath: string }) {
  const t = useTranslations('mfa')
  const [setup, setSetup] = useState<Setup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [banner, setBanner] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  // Replacing an authenticator that is on asks for the password first (the server says so).
  const [needsPassword, setNeedsPassword] = useState(false)
  const [password, setPassword] = useState('')
  const [pwError, setPwError] = useState<string | undefined>()

  function fail(err: unknown) {
    const failure = readHttpFailure(err)
    if (failure.fieldErrors.password) {
      setNeedsPassword(true)
      setPwError(failure.code === 'reauth_required' ? undefined : failure.fieldErrors.password)
    } else if (failure.status === 401) setBanner(t('expired'))
    else if (failure.status === 429) setBanner(t('locked'))
    else if (failure.status === 400) setError(t('wrongCode'))
    else setBanner(t('genericError'))
  }

  async function start() {
    setBanner(null)
    setPwError(undefined)
    setPending(true)
    try {
      setSetup(
        (await http.post<Setup>('/ajax/account/mfa/setup', needsPassword ? { password } : {}, { sessionCheck: false }))
          .data,
      )
    } catch (err) {
      fail(err)
    } finally {
      setPending(false)
    }
  }

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim()
    setError(undefined)
    setBanner(null)
    if (!/^\d{6}$/.test(code)) return setError(t('codeRequired'))
    setPending(true)
    try {
      const res = await http.post<{ backupCodes: string[]; signedIn?: boolean }>(
        '/ajax/account/mfa/setup/confirm',
        { code },
        { sessionCheck: false },
      )
      if (res.data.signedIn) {
        try {
          sessionStore.syncFromCookie()
        } catch {
          // best effort
        }
      }
      setCodes(res.data.backupCodes)
    } catch (err) {
      fail(err)
    } finally {
      setPending(false)
    }
  }

  const notice = banner && (
    <Notification variant="error" title={t('failedTitle')} onDismiss={() => setBanner(null)}>
      {banner}
    </Notification>
  )

  if (codes) {
    return (
      <div className={styles.form} data-testid="mfa-backup-codes">
        <Notification variant="success" title={t('enabledTitle')}>
          {t('backupCodesIntro')}
        </Notification>
        <ol className={mfa.codes}>
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <LinkButton href={nextPath} variant="primary" className={styles.submit}>
          {t('done')}
        </LinkButton>
      </div>
    )
  }
  if (!setup) {
    return (
      <div className={styles.form}>
        {notice}
        <p className={styles.subtitle}>{t('setupIntro')}</p>
        {needsPassword && (
          <>
            <p className={styles.subtitle}>{t('reauthIntro')}</p>
            <TextField
              label={t('passwordLabel')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value)
                setPwError(undefined)
              }}
              error={pwError}
            />
          </>
        )}
        <Button variant="primary" className={styles.submit} loading={pending} onClick={start}>
          {t('start')}
        </Button>
      </div>
    )
  }
  return (
    <form className={styles.form} onSubmit={confirm} noValidate>
      {notice}
      <p className={styles.subtitle}>{t('scanStep')}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on our server */}
      <img className={mfa.qr} src={setup.qrCode} alt={t('qrAlt')} width={200} height={200} />
      <p className={styles.subtitle}>
        {t('manualKey')}{' '}
        <code className={mfa.secret} data-testid="mfa-secret">
          {setup.secret}
        </code>
      </p>
      <TextField
        label={t('codeLabel')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        required
        error={error}
        onChange={() => error && setError(undefined)}
      />
      <Button type="submit" variant="primary" className={styles.submit} loading={pending}>
        {t('turnOn')}
      </Button>
    </form>
  )
}
