'use client'
// The sign-in form. On success it tells other tabs about the new session and does a full
// page load of the (already validated) next path, so the shell starts fresh.
import Link from 'next/link'
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { sessionStore } from '@/lib/client/session-store'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from './http-failure'
import styles from './auth.module.css'

export interface LoginFormProps {
  /** A same-origin relative path (already checked on the server) to open after sign-in. */
  nextPath: string
  /** True when ?next= was given: the browser kept the original hash on this page's URL. */
  fromNext: boolean
}

type Field = 'email' | 'password'

export function LoginForm({ nextPath, fromNext }: LoginFormProps) {
  const t = useTranslations('login')
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({})
  const [banner, setBanner] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const email = String(form.get('email') ?? '').trim()
    const password = String(form.get('password') ?? '')
    const errors: Partial<Record<Field, string>> = {}
    if (!email) errors.email = t('emailRequired')
    if (!password) errors.password = t('passwordRequired')
    setFieldErrors(errors)
    setBanner(null)
    if (Object.keys(errors).length) return

    setPending(true)
    try {
      const res = await http.post<{ mfaRequired?: boolean; redirect?: string }>(
        '/ajax/login',
        { email, password },
        { sessionCheck: false },
      )
      if (res.data.mfaRequired && res.data.redirect) {
        // The second factor comes first; the original target waits in next=.
        const hash = fromNext && !nextPath.includes('#') ? window.location.hash : ''
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- full load, as after sign-in
        window.location.assign(`${res.data.redirect}?next=${encodeURIComponent(nextPath + hash)}`)
        return
      }
      try {
        sessionStore.syncFromCookie()
      } catch {
        // Cross-tab notice is best effort (storage may be disabled).
      }
      const hash = fromNext && !nextPath.includes('#') ? window.location.hash : ''
      window.location.assign(nextPath + hash)
    } catch (err) {
      const failure = readHttpFailure(err)
      setFieldErrors({ email: failure.fieldErrors.email, password: failure.fieldErrors.password })
      setBanner(failure.message ?? t('genericError'))
      setPending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="login-form">
      {banner && (
        <Notification variant="error" title={t('failedTitle')} onDismiss={() => setBanner(null)}>
          {banner}
        </Notification>
      )}
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        required
        error={fieldErrors.email}
        onChange={() => fieldErrors.email && setFieldErrors((f) => ({ ...f, email: undefined }))}
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldErrors.password}
        onChange={() => fieldErrors.password && setFieldErrors((f) => ({ ...f, password: undefined }))}
      />
      <div className={styles.labelRow}>
        <Link className={styles.link} href="/account/password-reset">
          {t('forgotPassword')}
        </Link>
      </div>
      <Button type="submit" variant="primary" className={styles.submit} loading={pending}>
        {t('submit')}
      </Button>
    </form>
  )
}
