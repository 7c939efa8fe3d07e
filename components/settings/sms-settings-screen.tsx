'use client'
// /settings/sms: the Twilio-compatible account (auth token masked once saved), phone numbers and
// sender, keywords and HELP text, quiet hours, pricing for estimates, and a test message.
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { SmsSettingsView } from '@/lib/messaging/sms/sms-settings'
import { STANDARD_KEYWORDS } from '@/lib/messaging/sms/keywords'
import { countSegments } from '@/lib/messaging/sms/segments'
import styles from './sms-settings.module.css'
import screen from '@/components/ui/form-screen.module.css'
import { ConnectionCard } from './connection-card'
import { SettingsForm, SettingsLoader, SettingsPage, useSettingsSave } from './settings-form-screen'
import { SmsToolsSection } from '@/components/inbox-settings/sms-tools-section'

export const SMS_SETTINGS_KEY = '/ajax/sms/account'
type Loaded = { settings: SmsSettingsView }

const KEYWORD_LABEL = { stop: 'keywordStop', start: 'keywordStart', help: 'keywordHelp' } as const
const list = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean)

interface Form {
  accountSid: string
  authToken: string
  baseUrl: string
  messagingServiceSid: string
  phoneNumbers: string
  senderNumber: string
  helpText: string
  stop: string
  start: string
  help: string
  quietEnabled: boolean
  quietStart: string
  quietEnd: string
  costPerSegment: string
  currency: string
  maxSegments: string
}

const toForm = (s: SmsSettingsView): Form => ({
  accountSid: s.accountSid,
  authToken: '',
  baseUrl: s.baseUrl,
  messagingServiceSid: s.messagingServiceSid,
  phoneNumbers: s.phoneNumbers.join(', '),
  senderNumber: s.senderNumber,
  helpText: s.helpText,
  stop: s.keywords.stop.join(', '),
  start: s.keywords.start.join(', '),
  help: s.keywords.help.join(', '),
  quietEnabled: s.quietHours.enabled,
  quietStart: s.quietHours.start,
  quietEnd: s.quietHours.end,
  costPerSegment: String(s.costPerSegment),
  currency: s.currency,
  maxSegments: String(s.maxSegments),
})

export function SmsSettingsScreen() {
  const t = useTranslations('smsSettings')
  return (
    <SettingsLoader<Loaded>
      url={SMS_SETTINGS_KEY}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => <SmsSettingsForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function SmsSettingsForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('smsSettings')
  const canEdit = usePermission(['account_settings_write'])
  const s = data.settings
  const [form, setForm] = useState<Form>(toForm(s))
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch })
  const numbers = list(form.phoneNumbers)
  const err = (key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(key + '.'))?.[1]

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.post<Loaded>(SMS_SETTINGS_KEY, {
        accountSid: form.accountSid,
        authToken: form.authToken,
        baseUrl: form.baseUrl,
        messagingServiceSid: form.messagingServiceSid,
        phoneNumbers: numbers,
        senderNumber: form.senderNumber,
        helpText: form.helpText,
        keywords: { stop: list(form.stop), start: list(form.start), help: list(form.help) },
        quietHours: { enabled: form.quietEnabled, start: form.quietStart, end: form.quietEnd },
        costPerSegment: form.costPerSegment,
        currency: form.currency,
        maxSegments: form.maxSegments,
      })
      setForm(toForm(res.data.settings))
      await mutate(res.data, { revalidate: false })
    })
  }

  return (
    <SettingsPage title={t('title')} description={t('description')}>
      {!s.configured && <Notification variant="warning">{t('notConfigured')}</Notification>}
      <SettingsForm
        onSubmit={submit}
        canEdit={canEdit}
        busy={busy}
        formError={errors._form}
        saveLabel={t('save')}
        saveTestId="save-sms-settings"
        testId="sms-settings-form"
      >
        <ConnectionCard
          title={t('accountTitle')}
          connected={s.configured}
          labels={{ connected: t('connected'), notConnected: t('notConnected') }}
          help={t('accountHelp')}
        >
          <div className={styles.grid}>
            <TextField
              label={t('accountSid')}
              name="accountSid"
              autoComplete="off"
              placeholder="AC…"
              value={form.accountSid}
              error={err('accountSid')}
              onChange={(e) => set({ accountSid: e.target.value })}
            />
            <TextField
              label={t('authToken')}
              name="authToken"
              type="password"
              autoComplete="new-password"
              value={form.authToken}
              error={err('authToken')}
              placeholder={s.authTokenMask ?? ''}
              hint={s.authTokenMask ? t('authTokenKept', { mask: s.authTokenMask }) : undefined}
              onChange={(e) => set({ authToken: e.target.value })}
            />
          </div>
          <div className={styles.grid}>
            <TextField
              label={t('baseUrl')}
              name="baseUrl"
              value={form.baseUrl}
              error={err('baseUrl')}
              hint={t('baseUrlHint')}
              onChange={(e) => set({ baseUrl: e.target.value })}
            />
            <TextField
              label={t('messagingServiceSid')}
              name="messagingServiceSid"
              placeholder="MG…"
              value={form.messagingServiceSid}
              error={err('messagingServiceSid')}
              hint={t('messagingServiceHint')}
              onChange={(e) => set({ messagingServiceSid: e.target.value })}
            />
          </div>
        </ConnectionCard>

        <Card title={t('numbersTitle')}>
          <div className={screen.form}>
            <div className={styles.grid}>
              <TextField
                label={t('phoneNumbers')}
                name="phoneNumbers"
                placeholder="+15005550006"
                value={form.phoneNumbers}
                error={err('phoneNumbers')}
                hint={t('phoneNumbersHint')}
                onChange={(e) => set({ phoneNumbers: e.target.value })}
              />
              <Select
                label={t('senderNumber')}
                name="senderNumber"
                value={form.senderNumber}
                error={err('senderNumber')}
                onChange={(e) => set({ senderNumber: e.target.value })}
                options={[{ value: '', label: t('noSender') }, ...numbers.map((n) => ({ value: n, label: n }))]}
              />
            </div>
            <span className={styles.label}>{t('inboundUrl')}</span>
            <code className={styles.code} data-testid="sms-inbound-url">
              {s.inboundWebhookUrl}
            </code>
            <p className={screen.help}>{t('inboundUrlHelp')}</p>
          </div>
        </Card>

        <Card title={t('keywordsTitle')}>
          <div className={screen.form}>
            <p className={screen.help}>{t('keywordsHelp')}</p>
            {(['stop', 'start', 'help'] as const).map((k) => (
              <div key={k} className={styles.grid}>
                <div className={screen.form}>
                  <span className={styles.label}>{t(KEYWORD_LABEL[k])}</span>
                  <div className={styles.badges}>
                    {STANDARD_KEYWORDS[k].map((w) => (
                      <Badge key={w}>{w}</Badge>
                    ))}
                  </div>
                </div>
                <TextField
                  label={t('extraKeywords')}
                  name={`keywords.${k}`}
                  value={form[k]}
                  error={err(`keywords.${k}`)}
                  onChange={(e) => set({ [k]: e.target.value } as Partial<Form>)}
                />
              </div>
            ))}
            <TextField
              label={t('helpText')}
              name="helpText"
              value={form.helpText}
              error={err('helpText')}
              maxLength={320}
              hint={t('helpTextHint')}
              onChange={(e) => set({ helpText: e.target.value })}
            />
          </div>
        </Card>

        <Card title={t('quietTitle')}>
          <div className={screen.form}>
            <label className={styles.toggle}>
              <input
                type="checkbox"
                name="quietEnabled"
                checked={form.quietEnabled}
                onChange={(e) => set({ quietEnabled: e.target.checked })}
              />
              <span>
                {t('quietEnabled')}
                <br />
                <span className={screen.help}>{t('quietHelp')}</span>
              </span>
            </label>
            <div className={styles.grid}>
              <TextField
                label={t('quietStart')}
                name="quietStart"
                type="time"
                value={form.quietStart}
                error={err('quietHours.start')}
                disabled={!form.quietEnabled}
                onChange={(e) => set({ quietStart: e.target.value })}
              />
              <TextField
                label={t('quietEnd')}
                name="quietEnd"
                type="time"
                value={form.quietEnd}
                error={err('quietHours.end')}
                disabled={!form.quietEnabled}
                onChange={(e) => set({ quietEnd: e.target.value })}
              />
            </div>
          </div>
        </Card>

        <Card title={t('pricingTitle')}>
          <div className={styles.grid}>
            <TextField
              label={t('costPerSegment')}
              name="costPerSegment"
              inputMode="decimal"
              value={form.costPerSegment}
              error={err('costPerSegment')}
              onChange={(e) => set({ costPerSegment: e.target.value })}
            />
            <TextField
              label={t('currency')}
              name="currency"
              maxLength={3}
              value={form.currency}
              error={err('currency')}
              onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
            />
            <TextField
              label={t('maxSegments')}
              name="maxSegments"
              inputMode="numeric"
              value={form.maxSegments}
              error={err('maxSegments')}
              hint={t('maxSegmentsHint')}
              onChange={(e) => set({ maxSegments: e.target.value })}
            />
          </div>
        </Card>
      </SettingsForm>
      {canEdit && <SmsTestCard configured={s.configured} maxSegments={s.maxSegments} />}
      <SmsToolsSection />
    </SettingsPage>
  )
}

function SmsTestCard({ configured, maxSegments }: { configured: boolean; maxSegments: number }) {
  const t = useTranslations('smsSettings')
  const toast = useToast()
  const [to, setTo] = useState('')
  const [body, setBody] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const count = countSegments(body)

  async function sendTest(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      await http.post('/ajax/sms/send-test', { to, body })
      toast.show({ variant: 'success', content: t('testSent', { to }) })
    } catch (error) {
      const f = readHttpFailure(error)
      const fe = f.fieldErrors
      setErrors(Object.keys(fe).length ? fe : { _form: f.message ?? t('testFailed') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t('testTitle')}>
      <form className={screen.form} onSubmit={sendTest} noValidate data-testid="sms-test-form">
        {!configured && <p className={screen.help}>{t('testNeedsSettings')}</p>}
        <div className={styles.grid}>
          <TextField
            label={t('testTo')}
            name="to"
            type="tel"
            placeholder="+15005550006"
            value={to}
            error={errors.to}
            onChange={(e) => setTo(e.target.value)}
          />
          <TextField
            label={t('testBody')}
            name="body"
            value={body}
            error={errors.body}
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
        <div className={styles.footer}>
          <span className={styles.counter} data-testid="sms-segment-count">
            {t('segmentCount', { characters: count.characters, segments: count.segments, encoding: count.encoding })}
            {count.segments > maxSegments ? ` · ${t('overLimit', { max: maxSegments })}` : ''}
          </span>
          <Button type="submit" loading={busy} disabled={!configured} data-testid="send-test-sms">
            {t('testSend')}
          </Button>
        </div>
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
      </form>
    </Card>
  )
}
