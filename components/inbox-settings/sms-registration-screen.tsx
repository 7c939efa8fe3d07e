'use client'
// /get-started/sms-setup/au-registration and /nz-short-code: the country step's form, saved as
// a draft or submitted; a submitted registration is shown read-only with its status.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import type { RegistrationView } from '@/lib/messaging/sms/sms-registrations'
import { TextArea } from './text-area'
import { fieldError } from './field-error'
import { REGISTRATION_STATUS } from './sms-setup-screen'
import styles from './inbox-settings.module.css'

type Loaded = { registration: RegistrationView }
const FIELDS = {
  au: [
    ['abn', 'abn', 'abnHint'],
    ['senderId', 'senderId', 'senderIdHint'],
  ],
  nz: [
    ['preferredCode', 'preferredCode', 'preferredCodeHint'],
    ['monthlyVolume', 'monthlyVolume', 'monthlyVolumeHint'],
  ],
} as const

export function SmsRegistrationScreen({ country }: { country: 'au' | 'nz' }) {
  const t = useTranslations('smsTools')
  const url = `/ajax/sms/registrations/${country}`
  const { data, error, mutate } = useSWR(url, (u: string) => http.get<Loaded>(u).then((r) => r.data))
  const title = country === 'au' ? t('auTitle') : t('nzTitle')
  return (
    <Page>
      <PageHead
        title={title}
        description={country === 'au' ? t('auDescription') : t('nzDescription')}
        actions={<LinkButton href="/get-started/sms-setup">{t('back')}</LinkButton>}
      />
      <PageBody>
        {error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
        {!data && !error && (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <RegistrationForm
            country={country}
            url={url}
            registration={data.registration}
            onSaved={(d) => mutate(d, { revalidate: false })}
          />
        )}
      </PageBody>
    </Page>
  )
}

function RegistrationForm({
  country,
  url,
  registration,
  onSaved,
}: {
  country: 'au' | 'nz'
  url: string
  registration: RegistrationView
  onSaved: (d: Loaded) => Promise<unknown>
}) {
  const t = useTranslations('smsTools')
  const canEdit = usePermission(['account_settings_write'])
  const locked = registration.status === 'submitted' || registration.status === 'approved'
  const d = registration.details
  const initial: Record<string, string> = {}
  for (const k of ['businessName', 'contactEmail', 'useCase', ...FIELDS[country].map((f) => f[0])])
    initial[k] = d[k] == null ? '' : String(d[k])
  const [form, setForm] = useState(initial)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const set = (k: string, v: string) => setForm({ ...form, [k]: v })

  const send = (submit: boolean) =>
    save(async () => {
      const res = await http.put<Loaded>(url, { ...form, submit })
      await onSaved(res.data)
    })
  function submitForm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return send(true)
  }

  return (
    <form className={styles.stack} onSubmit={submitForm} noValidate data-testid="sms-registration-form">
      <Card
        title={t('registrationDetails')}
        actions={
          <Badge variant={registration.status === 'approved' ? 'success' : undefined}>
            {t(REGISTRATION_STATUS[registration.status])}
          </Badge>
        }
      >
        <fieldset disabled={!canEdit || locked} className={`${styles.fieldset} ${styles.form}`}>
          <div className={styles.grid}>
            <TextField
              label={t('businessName')}
              name="businessName"
              value={form.businessName}
              error={fieldError(errors, 'businessName')}
              onChange={(e) => set('businessName', e.target.value)}
            />
            <TextField
              label={t('contactEmail')}
              name="contactEmail"
              type="email"
              value={form.contactEmail}
              error={fieldError(errors, 'contactEmail')}
              onChange={(e) => set('contactEmail', e.target.value)}
            />
            {FIELDS[country].map(([k, label, hint]) => (
              <TextField
                key={k}
                label={t(label)}
                name={k}
                value={form[k]}
                hint={t(hint)}
                error={fieldError(errors, k)}
                onChange={(e) => set(k, e.target.value)}
              />
            ))}
          </div>
          <TextArea
            label={t('useCase')}
            name="useCase"
            value={form.useCase}
            maxLength={1000}
            error={fieldError(errors, 'useCase')}
            onChange={(e) => set('useCase', e.target.value)}
          />
        </fieldset>
      </Card>
      {errors._form && <Notification variant="error">{errors._form}</Notification>}
      {locked && <Notification variant="info">{t('registrationLocked')}</Notification>}
      {canEdit && !locked && (
        <div className={styles.footer}>
          <Button type="button" loading={busy} onClick={() => void send(false)} data-testid="save-registration-draft">
            {t('saveDraft')}
          </Button>
          <Button variant="primary" type="submit" loading={busy} data-testid="submit-registration">
            {t('submit')}
          </Button>
        </div>
      )}
    </form>
  )
}
