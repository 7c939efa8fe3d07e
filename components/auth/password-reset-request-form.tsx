'use client'
// "Forgot password": asks for the email; the answer is the same whether or not it exists.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from './http-failure'
import styles from './auth.module.css'

export function PasswordResetRequestForm() {
  const t = useTranslations('passwordReset')
  const router = useRouter()
  const [error, setError] = useState<string | undefined>()
  const [banner, setBanner] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim()
    setError(undefined)
    setBanner(null)
    setPending(true)
    try {
      await http.post('/ajax/account/password-reset', { email }, { sessionCheck: false })
      router.push('/account/password-reset-done')
    } catch (err) {
      const failure = readHttpFailure(err)
      if (failure.fieldErrors.email) setError(failure.fieldErrors.email)
      else setBanner(failure.message ?? t('genericError'))
      setPending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {banner && (
        <Notification variant="error" title={t('failedTitle')} onDismiss={() => setBanner(null)}>
          {banner}
        </Notification>
      )}
      <TextField
        label={t('request.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        autoFocus
        error={error}
        onChange={() => error && setError(undefined)}
      />
      <Button type="submit" variant="primary" className={styles.submit} loading={pending}>
        {t('request.submit')}
      </Button>
    </form>
  )
}
