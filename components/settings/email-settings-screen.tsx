'use client'
// /settings/email: the default sender and reply-to, the company SMTP server (with a connection
// test; the password is never sent back, only whether one is saved), open and click tracking,
// smart sending and frequency caps per channel, and what an unsubscribe link removes. A clear
// note says where mail goes today: the company server, the server's SMTP_URL, or the local outbox.
import { useState, type FormEvent, type ReactNode } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import field from '@/components/ui/field.module.css'
import styles from './email-settings.module.css'
import screen from '@/components/ui/form-screen.module.css'
import { SettingsLoadErrorPage, SettingsLoadingPage, SettingsPage } from './settings-form-screen'

type Smtp = {
  host: string
  port: number
  secure: boolean
  user: string
  passwordSet: boolean
  rateLimitPerSecond: number | null
}
type Settings = {
  defaultFromName: string
  defaultFromEmail: string
  replyTo: string
  smtp: Smtp | null
  delivery: 'company_smtp' | 'server_smtp' | 'outbox'
}
type Caps = Record<string, { day: number | null; week: number | null }>
type Sending = {
  smartSendingHours: number
  frequencyCaps: Caps
  softBounceLimit: number
  inboundWebhooks: { inboundEmail: string; ses: string; sendgrid: string }
}
type Tracking = { openTracking: boolean; clickTracking: boolean }
type Consent = { unsubscribeScope: 'all' | 'list' }

const BASE = '/ajax/account/email'
const CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const
const fetcher = <T,>(url: string) => http.get<T>(url).then((r) => r.data)

/** One form's submit cycle: field errors from a 400, a toast for the rest. */
function useSave<T>(url: string, onSaved: (r: T) => void) {
  const t = useTranslations('emailSettings')
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  async function save(body: unknown) {
    setBusy(true)
    setErrors({})
    try {
      const r = await http.post<T>(url, body)
      onSaved(r.data)
      toast.show({ variant: 'success', content: t('saved') })
    } catch (e) {
      const f = readHttpFailure(e)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else toast.show({ variant: 'error', content: f.message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }
  return { busy, errors, save, setErrors }
}

function Check({
  label,
  checked,
  onChange,
  name,
  hint,
}: {
  label: string
  checked: boolean
  onChange: (v: boolean) => void
  name: string
  hint?: ReactNode
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className={styles.checkLabel}>{label}</span>
        {hint && <span className={styles.help}>{hint}</span>}
      </span>
    </label>
  )
}

export function EmailSettingsScreen() {
  const t = useTranslations('emailSettings')
  const settings = useSWR(`${BASE}/settings`, fetcher<{ settings: Settings }>)
  const sending = useSWR(`${BASE}/sending`, fetcher<{ sending: Sending }>)
  const tracking = useSWR(`${BASE}/tracking`, fetcher<{ tracking: Tracking }>)
  const consent = useSWR(`${BASE}/consent`, fetcher<{ consent: Consent }>)
  const all = [settings, sending, tracking, consent]
  if (all.some((s) => s.error))
    return (
      <SettingsLoadErrorPage
        title={t('title')}
        description={t('description')}
        message={t('loadError')}
        onRetry={() => all.forEach((s) => void s.mutate())}
      />
    )
  if (!settings.data || !sending.data || !tracking.data || !consent.data)
    return <SettingsLoadingPage title={t('title')} description={t('description')} className={screen.loading} />
  return (
    <SettingsPage title={t('title')} description={t('description')}>
      <SenderAndSmtp
        initial={settings.data.settings}
        onSaved={(s) => void settings.mutate({ settings: s }, { revalidate: false })}
      />
      <TrackingCard initial={tracking.data.tracking} />
      <SendingCard initial={sending.data.sending} />
      <ConsentCard initial={consent.data.consent} />
      <InboundWebhooksCard urls={sending.data.sending.inboundWebhooks} />
    </SettingsPage>
  )
}

function DeliveryNote({ delivery }: { delivery: Settings['delivery'] }) {
  const t = useTranslations('emailSettings')
  if (delivery === 'outbox') return <Notification variant="warning">{t('deliveryOutbox')}</Notification>
  if (delivery === 'server_smtp') return <Notification variant="info">{t('deliveryServer')}</Notification>
  return <Notification variant="success">{t('deliveryCompany')}</Notification>
}

function SenderAndSmtp({ initial, onSaved }: { initial: Settings; onSaved: (s: Settings) => void }) {
  const t = useTranslations('emailSettings')
  const canEdit = usePermission(['account_settings_read', 'account_settings_write'])
  const toForm = (s: Settings) => ({
    defaultFromName: s.defaultFromName,
    defaultFromEmail: s.defaultFromEmail,
    replyTo: s.replyTo,
    smtpHost: s.smtp?.host ?? '',
    smtpPort: s.smtp ? String(s.smtp.port) : '',
    smtpSecure: s.smtp?.secure ?? false,
    smtpUser: s.smtp?.user ?? '',
    smtpPassword: '',
    clearSmtpPassword: false,
    rateLimitPerSecond: s.smtp?.rateLimitPerSecond ? String(s.smtp.rateLimitPerSecond) : '',
  })
  const [current, setCurrent] = useState(initial)
  const [form, setForm] = useState(() => toForm(initial))
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null)
  const [testing, setTesting] = useState(false)
  const { busy, errors, save, setErrors } = useSave<{ settings: Settings }>(`${BASE}/settings`, (r) => {
    setCurrent(r.settings)
    setForm(toForm(r.settings))
    onSaved(r.settings)
  })
  const set = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch })
    setTest(null)
  }
  const field = (key: keyof typeof form, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={key}
      value={String(form[key])}
      error={errors[key]}
      onChange={(e) => {
        set({ [key]: e.target.value })
        if (errors[key]) setErrors({ ...errors, [key]: '' })
      }}
      {...extra}
    />
  )
  async function runTest() {
    setTesting(true)
    setTest(null)
    setErrors({})
    try {
      setTest((await http.post<{ result: { ok: boolean; message: string } }>(`${BASE}/smtp-test`, form)).data.result)
    } catch (e) {
      const f = readHttpFailure(e)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else setTest({ ok: false, message: f.message ?? t('saveError') })
    } finally {
      setTesting(false)
    }
  }
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    void save(form)
  }
  return (
    <form className={screen.stack} onSubmit={submit} noValidate>
      <DeliveryNote delivery={current.delivery} />
      <fieldset disabled={!canEdit} className={`${screen.fieldset} ${screen.stack}`}>
        <Card title={t('senderTitle')}>
          <div className={screen.form}>
            <p className={styles.help}>{t('senderHelp')}</p>
            <div className={styles.grid}>
              {field('defaultFromName', t('fromName'), { placeholder: t('fromNamePlaceholder') })}
              {field('defaultFromEmail', t('fromEmail'), { type: 'email', placeholder: 'news@example.com' })}
              {field('replyTo', t('replyTo'), { type: 'email', placeholder: 'help@example.com' })}
            </div>
          </div>
        </Card>
        <Card title={t('smtpTitle')}>
          <div className={screen.form}>
            <p className={styles.help}>{t('smtpHelp')}</p>
            <div className={styles.grid}>
              {field('smtpHost', t('smtpHost'), { placeholder: 'smtp.example.com', autoComplete: 'off' })}
              {field('smtpPort', t('smtpPort'), { inputMode: 'numeric', placeholder: '587' })}
              {field('smtpUser', t('smtpUser'), { autoComplete: 'off' })}
              {field('smtpPassword', t('smtpPassword'), {
                type: 'password',
                autoComplete: 'new-password',
                placeholder: current.smtp?.passwordSet && !form.clearSmtpPassword ? t('passwordSaved') : '',
                hint: current.smtp?.passwordSet ? t('passwordKeepHint') : undefined,
              })}
              {field('rateLimitPerSecond', t('rateLimit'), {
                inputMode: 'numeric',
                placeholder: t('rateLimitNone'),
                hint: t('rateLimitHint'),
              })}
            </div>
            <Check
              name="smtpSecure"
              label={t('smtpSecure')}
              hint={t('smtpSecureHint')}
              checked={form.smtpSecure}
              onChange={(v) => set({ smtpSecure: v })}
            />
            {current.smtp?.passwordSet && (
              <Check
                name="clearSmtpPassword"
                label={t('clearPassword')}
                checked={form.clearSmtpPassword}
                onChange={(v) => set({ clearSmtpPassword: v, smtpPassword: '' })}
              />
            )}
            {test && (
              <Notification variant={test.ok ? 'success' : 'error'}>
                {test.ok ? t('testOk', { message: test.message }) : t('testFailed', { message: test.message })}
              </Notification>
            )}
            <div className={styles.actionsLeft}>
              <Button onClick={() => void runTest()} loading={testing} disabled={!form.smtpHost}>
                {t('testConnection')}
              </Button>
            </div>
          </div>
        </Card>
      </fieldset>
      {canEdit && (
        <div className={styles.footer}>
          <Button variant="primary" type="submit" loading={busy} data-testid="save-email-settings">
            {t('save')}
          </Button>
        </div>
      )}
    </form>
  )
}

function TrackingCard({ initial }: { initial: Tracking }) {
  const t = useTranslations('emailSettings')
  const canEdit = usePermission(['account_settings_read', 'account_settings_write'])
  const [form, setForm] = useState(initial)
  const { busy, save } = useSave<{ tracking: Tracking }>(`${BASE}/tracking`, (r) => setForm(r.tracking))
  return (
    <Card
      title={t('trackingTitle')}
      actions={
        canEdit && (
          <Button size="small" loading={busy} onClick={() => void save(form)}>
            {t('save')}
          </Button>
        )
      }
    >
      <fieldset disabled={!canEdit} className={`${screen.fieldset} ${screen.form}`}>
        <Check
          name="openTracking"
          label={t('openTracking')}
          hint={t('openTrackingHint')}
          checked={form.openTracking}
          onChange={(v) => setForm({ ...form, openTracking: v })}
        />
        <Check
          name="clickTracking"
          label={t('clickTracking')}
          hint={t('clickTrackingHint')}
          checked={form.clickTracking}
          onChange={(v) => setForm({ ...form, clickTracking: v })}
        />
      </fieldset>
    </Card>
  )
}

function SendingCard({ initial }: { initial: Sending }) {
  const t = useTranslations('emailSettings')
  const canEdit = usePermission(['account_settings_read', 'account_settings_write'])
  const str = (s: Sending) => ({
    smartSendingHours: String(s.smartSendingHours),
    softBounceLimit: String(s.softBounceLimit),
    frequencyCaps: Object.fromEntries(
      CHANNELS.map((c) => [
        c,
        { day: s.frequencyCaps[c]?.day?.toString() ?? '', week: s.frequencyCaps[c]?.week?.toString() ?? '' },
      ]),
    ),
  })
  const [form, setForm] = useState(() => str(initial))
  const { busy, errors, save } = useSave<{ sending: Sending }>(`${BASE}/sending`, (r) => setForm(str(r.sending)))
  const setCap = (c: string, k: 'day' | 'week', v: string) =>
    setForm({ ...form, frequencyCaps: { ...form.frequencyCaps, [c]: { ...form.frequencyCaps[c]!, [k]: v } } })
  return (
    <Card
      title={t('sendingTitle')}
      actions={
        canEdit && (
          <Button size="small" loading={busy} onClick={() => void save(form)}>
            {t('save')}
          </Button>
        )
      }
    >
      <fieldset disabled={!canEdit} className={`${screen.fieldset} ${screen.form}`}>
        <div className={styles.narrow}>
          <TextField
            label={t('smartSendingHours')}
            name="smartSendingHours"
            inputMode="numeric"
            value={form.smartSendingHours}
            error={errors.smartSendingHours}
            hint={t('smartSendingHint')}
            onChange={(e) => setForm({ ...form, smartSendingHours: e.target.value })}
          />
          <TextField
            label={t('softBounceLimit')}
            name="softBounceLimit"
            inputMode="numeric"
            value={form.softBounceLimit}
            error={errors.softBounceLimit}
            hint={t('softBounceHint')}
            onChange={(e) => setForm({ ...form, softBounceLimit: e.target.value })}
          />
        </div>
        <p className={styles.help}>{t('capsHelp')}</p>
        <div className={styles.caps} role="group" aria-label={t('capsTitle')}>
          <span className={styles.capsHead} />
          <span className={styles.capsHead}>{t('perDay')}</span>
          <span className={styles.capsHead}>{t('perWeek')}</span>
          {CHANNELS.map((c) => [
            <span key={c} className={styles.capsChannel}>
              {t(`channels.${c}`)}
            </span>,
            ...(['day', 'week'] as const).map((k) => (
              <span key={c + k} className={styles.capCell}>
                <input
                  aria-label={`${t(`channels.${c}`)} – ${k === 'day' ? t('perDay') : t('perWeek')}`}
                  className={`${field.control} ${errors[`frequencyCaps.${c}.${k}`] ? field.invalid : ''}`}
                  name={`cap-${c}-${k}`}
                  inputMode="numeric"
                  placeholder={t('noCap')}
                  value={form.frequencyCaps[c]![k]}
                  aria-invalid={errors[`frequencyCaps.${c}.${k}`] ? true : undefined}
                  onChange={(e) => setCap(c, k, e.target.value)}
                />
                {errors[`frequencyCaps.${c}.${k}`] && (
                  <span role="alert" className={styles.error}>
                    {errors[`frequencyCaps.${c}.${k}`]}
                  </span>
                )}
              </span>
            )),
          ])}
        </div>
      </fieldset>
    </Card>
  )
}

/** The URLs a company gives its MTA pipe, its SNS topic and its SendGrid event webhook: bounces, complaints and replies come back through them. */
function InboundWebhooksCard({ urls }: { urls: Sending['inboundWebhooks'] }) {
  const t = useTranslations('emailSettings')
  const toast = useToast()
  const rows = [
    ['inboundEmail', urls.inboundEmail],
    ['ses', urls.ses],
    ['sendgrid', urls.sendgrid],
  ] as const
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      toast.show({ variant: 'success', content: t('copied') })
    } catch {
      toast.show({ variant: 'error', content: t('copyFailed') })
    }
  }
  return (
    <Card title={t('inboundTitle')}>
      <p className={styles.help}>{t('inboundHelp')}</p>
      <dl className={styles.inbound}>
        {rows.map(([k, url]) => (
          <div key={k} className={styles.inboundRow}>
            <dt>{t(`inbound.${k}`)}</dt>
            <dd>
              <code className={styles.inboundUrl}>{url}</code>
              <Button size="small" variant="secondary" onClick={() => void copy(url)}>
                {t('copy')}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

function ConsentCard({ initial }: { initial: Consent }) {
  const t = useTranslations('emailSettings')
  const canEdit = usePermission(['account_settings_read', 'account_settings_write'])
  const [form, setForm] = useState(initial)
  const { busy, errors, save } = useSave<{ consent: Consent }>(`${BASE}/consent`, (r) => setForm(r.consent))
  return (
    <Card
      title={t('consentTitle')}
      actions={
        canEdit && (
          <Button size="small" loading={busy} onClick={() => void save(form)}>
            {t('save')}
          </Button>
        )
      }
    >
      <fieldset disabled={!canEdit} className={`${screen.fieldset} ${styles.narrow}`}>
        <Select
          label={t('unsubscribeScope')}
          name="unsubscribeScope"
          value={form.unsubscribeScope}
          error={errors.unsubscribeScope}
          onChange={(e) => setForm({ unsubscribeScope: e.target.value as Consent['unsubscribeScope'] })}
          options={[
            { value: 'all', label: t('scopeAll') },
            { value: 'list', label: t('scopeList') },
          ]}
        />
      </fieldset>
    </Card>
  )
}
