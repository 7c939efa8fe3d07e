'use client'
// Sign-up: a company and its owner. The outcome goes to the mailbox (a confirmation link, or a
// notice that the address already has an account), so the next screen says to check it.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { useIsClient } from '@/components/ui/use-is-client'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from './http-failure'
import styles from './auth.module.css'

const FIELDS = ['companyName', 'firstName', 'lastName', 'email', 'password', 'timezone'] as const
type Field = (typeof FIELDS)[number]
const REF_KEY = 'kl_referral_code'
/** Storage may be refused (private mode, blocked cookies): then only the code in the URL counts. */
function storage<T>(f: () => T): T | null {
  try {
    return f()
  } catch {
    return null
  }
}

export function RegisterForm({ referralCode }: { referralCode?: string }) {
  const t = useTranslations('register')
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({})
  const [banner, setBanner] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  // The account's time zone, defaulting to the browser's (known only after hydration).
  const isClient = useIsClient()
  const [chosenZone, setTimezone] = useState<string | null>(null)
  const timezone = chosenZone ?? ((isClient && Intl.DateTimeFormat().resolvedOptions().timeZone) || 'UTC')
  const [zones, setZones] = useState<Array<{ value: string; label: string }>>([])
  useEffect(() => {
    http
      .get<{ timezones: Array<{ value: string; label: string }> }>('/ajax/account/timezones', { sessionCheck: false })
      .then((r) => setZones(r.data.timezones))
      .catch(() => {})
  }, [])
  const zoneOptions = zones.some((z) => z.value === timezone) ? zones : [{ value: timezone, label: timezone }, ...zones]

  // The referral code survives leaving the form (to sign in, to read the terms) and coming back
  // within the tab: the link's code is kept in sessionStorage and read at submit when the URL has none.
  useEffect(() => {
    if (referralCode) storage(() => sessionStorage.setItem(REF_KEY, referralCode))
  }, [referralCode])

  const clear = (f: Field) => () => fieldErrors[f] && setFieldErrors((e) => ({ ...e, [f]: undefined }))

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const body = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Record<Field, string>
    setFieldErrors({})
    setBanner(null)
    setPending(true)
    try {
      const code = form.get('ref') ?? storage(() => sessionStorage.getItem(REF_KEY))
      await http.post('/ajax/register', code ? { ...body, ref: String(code) } : body, { sessionCheck: false })
      window.location.assign('/register?sent=1')
    } catch (err) {
      const failure = readHttpFailure(err)
      const errors: Partial<Record<Field, string>> = {}
      for (const f of FIELDS) if (failure.fieldErrors[f]) errors[f] = failure.fieldErrors[f]
      setFieldErrors(errors)
      if (!Object.keys(errors).length) setBanner(failure.message ?? t('genericError'))
      setPending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {referralCode && <input type="hidden" name="ref" value={referralCode} />}
      {banner && (
        <Notification variant="error" title={t('failedTitle')} onDismiss={() => setBanner(null)}>
          {banner}
        </Notification>
      )}
      <TextField
        label={t('companyName')}
        name="companyName"
        autoComplete="organization"
        required
        autoFocus
        error={fieldErrors.companyName}
        onChange={clear('companyName')}
      />
      <div className={styles.row}>
        <TextField
          label={t('firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          error={fieldErrors.firstName}
          onChange={clear('firstName')}
        />
        <TextField
          label={t('lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          error={fieldErrors.lastName}
          onChange={clear('lastName')}
        />
      </div>
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldErrors.email}
        onChange={clear('email')}
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={t('passwordHint')}
        error={fieldErrors.password}
        onChange={clear('password')}
      />
      <Select
        label={t('timezone')}
        name="timezone"
        value={timezone}
        options={zoneOptions}
        error={fieldErrors.timezone}
        onChange={(e) => {
          setTimezone(e.target.value)
          clear('timezone')()
        }}
      />
      <Button type="submit" variant="primary" className={styles.submit} loading={pending}>
        {t('submit')}
      </Button>
    </form>
  )
}
