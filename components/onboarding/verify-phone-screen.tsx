'use client'
// /account/verify-phone: the account's phone gets a 6-digit code by text; entering it confirms
// the number (POST /ajax/onboarding/verify-phone, then …/confirm).
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './onboarding.module.css'

export function VerifyPhoneScreen() {
  const t = useTranslations('onboarding')
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [verified, setVerified] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(fn: () => Promise<void>) {
    setErrors({})
    setFormError(null)
    setBusy(true)
    try {
      await fn()
    } catch (ex) {
      const f = readHttpFailure(ex)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else setFormError(f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }
  const send = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void run(async () => {
      await http.post('/ajax/onboarding/verify-phone', { phone })
      setSentTo(phone)
    })
  }
  const confirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void run(async () => {
      await http.post('/ajax/onboarding/verify-phone/confirm', { code })
      setVerified(true)
    })
  }
  return (
    <Page>
      <div className={styles.wizard}>
        <PageHead title={t('verifyPhoneTitle')} description={t('verifyPhoneBody')} />
        <PageBody>
          {verified ? (
            <>
              <Notification variant="success">{t('phoneVerified')}</Notification>
              <LinkButton variant="primary" href="/get-started">
                {t('continue')}
              </LinkButton>
            </>
          ) : (
            <>
              <form className={styles.form} onSubmit={send} noValidate data-testid="verify-phone-send">
                <TextField
                  label={t('phone')}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  error={errors.phone}
                  hint={t('phoneHint')}
                />
                <Button type="submit" variant={sentTo ? 'secondary' : 'primary'} disabled={busy}>
                  {sentTo ? t('resendCode') : t('sendCode')}
                </Button>
              </form>
              {sentTo && (
                <form className={styles.form} onSubmit={confirm} noValidate data-testid="verify-phone-confirm">
                  <p className={styles.muted}>{t('codeSent', { phone: sentTo })}</p>
                  <TextField
                    label={t('code')}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    error={errors.code}
                  />
                  <Button type="submit" variant="primary" disabled={busy}>
                    {t('verify')}
                  </Button>
                </form>
              )}
              {formError && <FormError>{formError}</FormError>}
            </>
          )}
        </PageBody>
      </div>
    </Page>
  )
}
