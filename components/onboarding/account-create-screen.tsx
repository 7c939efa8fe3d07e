'use client'
// /account/create: a signed-in user opens another account; the session moves to it and the
// setup wizard starts (POST /ajax/onboarding/account).
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './onboarding.module.css'

export function AccountCreateScreen() {
  const t = useTranslations('onboarding')
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setErrors({})
    setFormError(null)
    setSaving(true)
    try {
      const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone
      const r = await http.post<{ redirect: string }>('/ajax/onboarding/account', { companyName: name, timezone })
      // A full load: the shell's account, permissions and flags are the new account's.
      window.location.assign(r.data.redirect)
    } catch (ex) {
      const f = readHttpFailure(ex)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else setFormError(f.message ?? t('saveError'))
      setSaving(false)
    }
  }
  return (
    <Page>
      <div className={styles.wizard}>
        <PageHead title={t('createTitle')} description={t('createBody')} />
        <PageBody>
          <form className={styles.form} onSubmit={submit} noValidate data-testid="account-create">
            <TextField
              label={t('companyName')}
              name="companyName"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={errors.companyName}
              autoComplete="organization"
              required
            />
            {formError && <FormError>{formError}</FormError>}
            <div className={styles.footer}>
              <span />
              <Button type="submit" variant="primary" disabled={saving}>
                {t('createSubmit')}
              </Button>
            </div>
          </form>
        </PageBody>
      </div>
    </Page>
  )
}
