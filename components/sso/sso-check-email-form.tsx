'use client'
// /sso/check-email: the sign-in asks which login an address has; SSO addresses go on to their
// identity provider (/sso/login), the others to the password form.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from '@/components/auth/auth.module.css'

export function SsoCheckEmailForm() {
  const t = useTranslations('sso')
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim()
    if (!email) return setError(t('emailRequired'))
    setPending(true)
    setError(null)
    try {
      const r = await http.post<{ loginType: 'saml' | 'password'; redirect?: string }>(
        '/ajax/sso/check-email',
        { email },
        { sessionCheck: false },
      )
      router.push(r.data.loginType === 'saml' && r.data.redirect ? r.data.redirect : '/login')
    } catch (err) {
      const f = readHttpFailure(err)
      setError(f.fieldErrors.email ?? f.message ?? t('failed'))
      setPending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {error && <Notification variant="error">{error}</Notification>}
      <TextField name="email" type="email" autoComplete="email" label={t('email')} required />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={pending}>
          {t('continue')}
        </Button>
      </div>
    </form>
  )
}
