'use client'
// /settings/account/personal: photo, name, email (changed through a link mailed to the new
// address), language and region, password.
import { useRef, useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageHead, PageBody } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useSettingsForm } from './use-settings-form'
import styles from './settings.module.css'

interface Personal {
  email: string
  firstName: string
  lastName: string
  locale: string | null
  region: string | null
  photoUrl: string | null
  emailConfirmed: boolean
  pendingEmail: string | null
}
interface Options {
  locales: Array<{ code: string; name: string }>
  regions: Array<{ code: string; name: string }>
}

const get = <T,>(url: string) => http.get<T>(url).then((r) => r.data)
const str = (f: FormData, k: string) => String(f.get(k) ?? '')

export function PersonalScreen() {
  const t = useTranslations('personal')
  const { data, error, mutate } = useSWR('/ajax/account/personal', get<Personal>)
  const { data: options } = useSWR('/ajax/account/available-profile-locales', get<Options>)

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        {error && <Notification variant="error" title={t('loadError')} />}
        {!data && !error && <Spinner />}
        {data && (
          <div className={styles.stack}>
            <PhotoCard data={data} onChange={() => mutate()} />
            <NameCard data={data} onChange={() => mutate()} />
            <EmailCard data={data} onChange={() => mutate()} />
            {options && <LocaleCard data={data} options={options} />}
            <PasswordCard />
          </div>
        )}
      </PageBody>
    </Page>
  )
}

function PhotoCard({ data, onChange }: { data: Personal; onChange: () => void }) {
  const t = useTranslations('personal')
  const toast = useToast()
  const input = useRef<HTMLInputElement>(null)
  const [pending, setPending] = useState(false)
  async function upload(file: File | undefined) {
    if (!file) return
    setPending(true)
    try {
      const form = new FormData()
      form.append('photo', file)
      await http.post('/ajax/account/photo', form)
      toast.show({ variant: 'success', content: t('photoSaved') })
      onChange()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
    } finally {
      setPending(false)
      if (input.current) input.current.value = ''
    }
  }
  async function remove() {
    setPending(true)
    try {
      await http.delete('/ajax/account/photo')
      onChange()
    } catch {
      toast.show({ variant: 'error', content: t('saveError') })
    } finally {
      setPending(false)
    }
  }
  return (
    <Card title={t('photoTitle')}>
      <div className={styles.grantRow}>
        <Avatar name={`${data.firstName} ${data.lastName}`} photoUrl={data.photoUrl} size="large" />
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          aria-label={t('photoUpload')}
          onChange={(e) => upload(e.target.files?.[0])}
        />
        <Button loading={pending} onClick={() => input.current?.click()}>
          {t('photoUpload')}
        </Button>
        {data.photoUrl && (
          <Button variant="tertiary" disabled={pending} onClick={remove}>
            {t('photoRemove')}
          </Button>
        )}
      </div>
      <p className={styles.description}>{t('photoHint')}</p>
    </Card>
  )
}

function NameCard({ data, onChange }: { data: Personal; onChange: () => void }) {
  const t = useTranslations('personal')
  const form = useSettingsForm(
    (f) =>
      http.post('/ajax/account/change-profile', { first_name: str(f, 'firstName'), last_name: str(f, 'lastName') }),
    { saved: t('saved'), failed: t('saveError') },
    onChange,
  )
  return (
    <Card title={t('nameTitle')}>
      <form className={styles.stack} onSubmit={form.onSubmit} noValidate>
        <TextField
          label={t('firstName')}
          name="firstName"
          defaultValue={data.firstName}
          autoComplete="given-name"
          error={form.errors.firstName}
        />
        <TextField
          label={t('lastName')}
          name="lastName"
          defaultValue={data.lastName}
          autoComplete="family-name"
          error={form.errors.lastName}
        />
        <div>
          <Button type="submit" variant="primary" loading={form.pending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

function EmailCard({ data, onChange }: { data: Personal; onChange: () => void }) {
  const t = useTranslations('personal')
  const form = useSettingsForm(
    (f) => http.post('/ajax/account/email-change', { email: str(f, 'email'), password: str(f, 'password') }),
    { saved: t('emailChangeSent'), failed: t('saveError') },
    (_r, el) => {
      el.reset()
      onChange()
    },
  )
  return (
    <Card title={t('emailTitle')}>
      <div className={styles.stack}>
        <p className={styles.description}>
          {data.email}{' '}
          {data.emailConfirmed ? (
            <Badge variant="success">{t('confirmed')}</Badge>
          ) : (
            <Badge variant="warning">{t('unconfirmed')}</Badge>
          )}
        </p>
        {data.pendingEmail && (
          <Notification variant="info" title={t('pendingTitle')}>
            {t('pendingBody', { email: data.pendingEmail })}
          </Notification>
        )}
        <form className={styles.stack} onSubmit={form.onSubmit} noValidate>
          <TextField label={t('newEmail')} name="email" type="email" autoComplete="email" error={form.errors.email} />
          <TextField
            label={t('currentPassword')}
            name="password"
            type="password"
            autoComplete="current-password"
            error={form.errors.password}
          />
          <div>
            <Button type="submit" variant="primary" loading={form.pending}>
              {t('changeEmail')}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  )
}

function LocaleCard({ data, options }: { data: Personal; options: Options }) {
  const t = useTranslations('personal')
  // The interface follows the new language at once.
  const form = useSettingsForm(
    (f) => http.post('/ajax/account/profile-locale', { locale: str(f, 'locale'), region: str(f, 'region') }),
    { saved: t('saved'), failed: t('saveError') },
    () => window.location.reload(),
  )
  return (
    <Card title={t('localeTitle')}>
      <form className={styles.stack} onSubmit={form.onSubmit} noValidate>
        <Select
          label={t('language')}
          name="locale"
          defaultValue={data.locale ?? 'en-US'}
          error={form.errors.locale}
          options={options.locales.map((l) => ({ value: l.code, label: l.name }))}
        />
        <Select
          label={t('region')}
          name="region"
          defaultValue={data.region ?? (data.locale ?? 'en-US').split('-')[1]}
          error={form.errors.region}
          options={options.regions.map((r) => ({ value: r.code, label: r.name }))}
        />
        <div>
          <Button type="submit" variant="primary" loading={form.pending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

function PasswordCard() {
  const t = useTranslations('personal')
  const form = useSettingsForm(
    (f) =>
      http.post('/ajax/account/change-password', {
        old_password: str(f, 'oldPassword'),
        new_password1: str(f, 'newPassword1'),
        new_password2: str(f, 'newPassword2'),
      }),
    { saved: t('passwordChanged'), failed: t('saveError') },
    (_r, el) => el.reset(),
  )
  return (
    <Card title={t('passwordTitle')}>
      <form className={styles.stack} onSubmit={form.onSubmit} noValidate>
        <p className={styles.description}>{t('passwordHint')}</p>
        <TextField
          label={t('currentPassword')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          error={form.errors.oldPassword}
        />
        <TextField
          label={t('newPassword')}
          name="newPassword1"
          type="password"
          autoComplete="new-password"
          error={form.errors.newPassword1}
        />
        <TextField
          label={t('newPasswordAgain')}
          name="newPassword2"
          type="password"
          autoComplete="new-password"
          error={form.errors.newPassword2}
        />
        <div>
          <Button type="submit" variant="primary" loading={form.pending}>
            {t('changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
