'use client'
// The new-password form behind an emailed reset link (already validated by the page).
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from './http-failure'
import styles from './auth.module.css'

type Field = 'password1' | 'password2'

export function NewPasswordForm({ uid, token }: { uid: string; token: string }) {
  const t = useTranslations('passwordReset')
  const router = useRouter()
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({})
  const [banner, setBanner] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const password1 = String(form.get('password1') ?? '')
    const password2 = String(form.get('password2') ?? '')
    const errors: Partial<Record<Field, string>> = {}
    if (password1.length < 8) errors.password1 = t('choose.tooShort')
    else if (password1 !== password2) errors.password2 = t('choose.mismatch')
    setFieldErrors(errors)
    setBanner(null)
    if (Object.keys(errors).length) return
    setPending(true)
    try {
      await http.post('/ajax/account/reset', { uid, token, password1, password2 }, { sessionCheck: false })
      router.push('/account/reset-complete')
    } catch (err) {
      const failure = readHttpFailure(err)
      if (failure.code === 'invalid_token') {
        router.push('/token-error')
        return
      }
      setFieldErrors({ password1: failure.fieldErrors.password1, password2: failure.fieldErrors.password2 })
      if (!failure.fieldErrors.password1 && !failure.fieldErrors.password2)
        setBanner(failure.message ?? t('genericError'))
      setPending(false)
    }
  }

  const clear = (f: Field) => () => fieldErrors[f] && setFieldErrors((e) => ({ ...e, [f]: undefined }))

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {banner && (
        <Notification variant="error" title={t('failedTitle')} onDismiss={() => setBanner(null)}>
          {banner}
        </Notification>
      )}
      {/* A hidden username field lets password managers store the new password correctly. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <TextField
        label={t('choose.password1')}
        name="password1"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        minLength={8}
        hint={t('choose.hint')}
        error={fieldErrors.password1}
        onChange={clear('password1')}
      />
      <TextField
        label={t('choose.password2')}
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrors.password2}
        onChange={clear('password2')}
      />
      <Button type="submit" variant="primary" className={styles.submit} loading={pending}>
        {t('choose.submit')}
      </Button>
    </form>
  )
}
