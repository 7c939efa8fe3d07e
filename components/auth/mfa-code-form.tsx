'use client'
// /login-mfa and /login-mfa-backup: the second step of sign-in. On success the browser loads
// the original target (next=) fresh, as after a password-only sign-in.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { sessionStore } from '@/lib/client/session-store'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from './http-failure'
import styles from './auth.module.css'

export function MfaCodeForm({ mode, nextPath }: { mode: 'code' | 'backup'; nextPath: string }) {
  const t = useTranslations('mfa')
  const [error, setError] = useState<string | undefined>()
  const [banner, setBanner] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim()
    setError(undefined)
    setBanner(null)
    if (!code) return setError(mode === 'code' ? t('codeRequired') : t('backupRequired'))
    setPending(true)
    try {
      await http.post(
        mode === 'code' ? '/ajax/account/mfa/verify' : '/ajax/account/mfa/verify-backup',
        { code },
        { sessionCheck: false },
      )
      try {
        sessionStore.syncFromCookie()
      } catch {
        // Cross-tab notice is best effort.
      }
      window.location.assign(nextPath)
    } catch (err) {
      const failure = readHttpFailure(err)
      if (failure.status === 401) setBanner(t('expired'))
      else if (failure.status === 429) setBanner(t('locked'))
      else if (failure.status === 400) setError(mode === 'code' ? t('wrongCode') : t('wrongBackupCode'))
      else setBanner(t('genericError'))
      setPending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="mfa-form">
      {banner && (
        <Notification variant="error" title={t('failedTitle')} onDismiss={() => setBanner(null)}>
          {banner}
        </Notification>
      )}
      <TextField
        label={mode === 'code' ? t('codeLabel') : t('backupLabel')}
        name="code"
        autoComplete="one-time-code"
        inputMode={mode === 'code' ? 'numeric' : 'text'}
        maxLength={mode === 'code' ? 6 : 11}
        autoFocus
        required
        error={error}
        onChange={() => error && setError(undefined)}
      />
      <Button type="submit" variant="primary" className={styles.submit} loading={pending}>
        {t('verify')}
      </Button>
    </form>
  )
}
