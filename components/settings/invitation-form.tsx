'use client'
// The form of an invitation link. new: name and password (POST /ajax/account/create-password);
// existing: the login's password; signed-in: one button (POST /ajax/account/accept-invitation);
// other-user: signed in as someone else, so sign out first. Each ends signed in to the account.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { sessionStore } from '@/lib/client/session-store'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import authStyles from '@/components/auth/auth.module.css'

export type InvitationMode = 'new' | 'existing' | 'signed-in' | 'other-user'

export function InvitationForm({
  uid,
  token,
  email,
  mode,
  signedInAs,
}: {
  uid: string
  token: string
  email: string
  mode: InvitationMode
  signedInAs: string | null
}) {
  const t = useTranslations('invitation')
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [banner, setBanner] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  function done(redirect?: string, mfaRequired?: boolean) {
    // A second factor still to come: the browser is not signed in yet, other tabs hear nothing.
    if (!mfaRequired) {
      try {
        sessionStore.syncFromCookie()
      } catch {
        // Cross-tab notice is best effort.
      }
    }
    window.location.assign(redirect ?? '/dashboard')
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>
    setErrors({})
    setBanner(null)
    if (mode === 'new' && form.password1 !== form.password2) return setErrors({ password2: t('mismatch') })
    setPending(true)
    try {
      const res =
        mode === 'new'
          ? await http.post<{ redirect?: string; mfaRequired?: boolean }>(
              '/ajax/account/create-password',
              { uid, token, ...form },
              { sessionCheck: false },
            )
          : await http.post<{ redirect?: string; mfaRequired?: boolean }>(
              '/ajax/account/accept-invitation',
              { uid, token, ...form },
              { sessionCheck: false },
            )
      done(res.data?.redirect, res.data?.mfaRequired)
    } catch (err) {
      const f = readHttpFailure(err)
      setPending(false)
      if (f.code === 'invalid_token') return setBanner(t('invalidBody'))
      if (f.code === 'account_exists') return router.refresh()
      if (Object.keys(f.fieldErrors).length) return setErrors(f.fieldErrors)
      setBanner(f.message ?? t('genericError'))
    }
  }

  async function signOut() {
    setPending(true)
    try {
      await http.post('/ajax/logout', {}, { sessionCheck: false })
    } finally {
      router.refresh()
      setPending(false)
    }
  }

  const bannerView = banner && (
    <Notification variant="error" onDismiss={() => setBanner(null)}>
      {banner}
    </Notification>
  )

  if (mode === 'other-user') {
    return (
      <div className={authStyles.form}>
        <Notification variant="warning">{t('otherUser', { current: signedInAs ?? '', email })}</Notification>
        <Button variant="primary" className={authStyles.submit} onClick={signOut} loading={pending}>
          {t('signOut')}
        </Button>
      </div>
    )
  }

  return (
    <form className={authStyles.form} onSubmit={onSubmit} noValidate>
      {bannerView}
      <TextField label={t('email')} name="username" type="email" autoComplete="username" value={email} readOnly />
      {mode === 'new' && (
        <>
          <div className={authStyles.row}>
            <TextField
              label={t('firstName')}
              name="firstName"
              autoComplete="given-name"
              required
              autoFocus
              error={errors.firstName}
            />
            <TextField
              label={t('lastName')}
              name="lastName"
              autoComplete="family-name"
              required
              error={errors.lastName}
            />
          </div>
          <TextField
            label={t('password1')}
            name="password1"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint={t('passwordHint')}
            error={errors.password1}
          />
          <TextField
            label={t('password2')}
            name="password2"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password2}
          />
        </>
      )}
      {mode === 'existing' && (
        <>
          <p className={authStyles.subtitle}>{t('existingHelp')}</p>
          <TextField
            label={t('password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            error={errors.password}
          />
        </>
      )}
      <Button
        type="submit"
        variant="primary"
        className={authStyles.submit}
        loading={pending}
        data-testid="accept-invitation"
      >
        {mode === 'new' ? t('createSubmit') : t('joinSubmit')}
      </Button>
    </form>
  )
}
