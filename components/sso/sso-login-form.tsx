'use client'
// /sso/login: starts the sign-in at the account's identity provider (a full load to its URL).
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from '@/components/auth/auth.module.css'

export function SsoLoginForm({ email, error: initialError }: { email: string; error: string | null }) {
  const t = useTranslations('sso')
  const [error, setError] = useState<string | null>(initialError)
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const value = String(new FormData(e.currentTarget).get('email') ?? '').trim()
    if (!value) return setError(t('emailRequired'))
    setPending(true)
    setError(null)
    try {
      const r = await http.post<{ redirect: string }>('/ajax/sso/login', { email: value }, { sessionCheck: false })
      window.location.assign(r.data.redirect)
    } catch (err) {
      const f = readHttpFailure(err)
      setError(f.fieldErrors.email ?? f.message ?? t('failed'))
      setPending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {error && <Notification variant="error">{error}</Notification>}
      <TextField name="email" type="email" autoComplete="email" label={t('email')} defaultValue={email} required />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={pending}>
          {t('continueWithSso')}
        </Button>
      </div>
    </form>
  )
}
