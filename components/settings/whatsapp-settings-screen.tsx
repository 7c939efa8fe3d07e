'use client'
// /settings/whatsapp: the Cloud API connection (access token and app secret masked once saved),
// the webhook's callback URL and verify token, the approved message templates, and a test.
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
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { WhatsAppSettingsView, WhatsAppTemplate } from '@/lib/messaging/whatsapp/whatsapp-settings'
import styles from './sms-settings.module.css'
import screen from '@/components/ui/form-screen.module.css'
import { ConnectionCard } from './connection-card'
import { SettingsForm, SettingsLoader, SettingsPage, useSettingsSave } from './settings-form-screen'

export const WHATSAPP_SETTINGS_KEY = '/ajax/sms/whatsapp'
type Loaded = { settings: WhatsAppSettingsView }
type Row = { name: string; language: string; bodyParameters: string }

interface Form {
  phoneNumberId: string
  businessAccountId: string
  accessToken: string
  appSecret: string
  baseUrl: string
  templates: Row[]
}

const toForm = (s: WhatsAppSettingsView): Form => ({
  phoneNumberId: s.phoneNumberId,
  businessAccountId: s.businessAccountId,
  accessToken: '',
  appSecret: '',
  baseUrl: s.baseUrl,
  templates: s.templates.map((t) => ({ name: t.name, language: t.language, bodyParameters: String(t.bodyParameters) })),
})

export function WhatsAppSettingsScreen() {
  const t = useTranslations('whatsappSettings')
  return (
    <SettingsLoader<Loaded>
      url={WHATSAPP_SETTINGS_KEY}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => <WhatsAppSettingsForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function WhatsAppSettingsForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('whatsappSettings')
  const canEdit = usePermission(['account_settings_write'])
  const s = data.settings
  const [form, setForm] = useState<Form>(toForm(s))
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch })
  const setRow = (i: number, patch: Partial<Row>) =>
    set({ templates: form.templates.map((r, j) => (j === i ? { ...r, ...patch } : r)) })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.post<Loaded>(WHATSAPP_SETTINGS_KEY, {
        ...form,
        templates: form.templates.map((r) => ({ ...r, bodyParameters: r.bodyParameters || '0' })),
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
        saveTestId="save-whatsapp-settings"
        testId="whatsapp-settings-form"
      >
        <ConnectionCard
          title={t('accountTitle')}
          connected={s.configured}
          labels={{ connected: t('connected'), notConnected: t('notConnected') }}
          help={t('accountHelp')}
        >
          <div className={styles.grid}>
            <TextField
              label={t('phoneNumberId')}
              name="phoneNumberId"
              inputMode="numeric"
              value={form.phoneNumberId}
              error={errors.phoneNumberId}
              onChange={(e) => set({ phoneNumberId: e.target.value })}
            />
            <TextField
              label={t('businessAccountId')}
              name="businessAccountId"
              inputMode="numeric"
              value={form.businessAccountId}
              error={errors.businessAccountId}
              onChange={(e) => set({ businessAccountId: e.target.value })}
            />
          </div>
          <div className={styles.grid}>
            <TextField
              label={t('accessToken')}
              name="accessToken"
              type="password"
              autoComplete="new-password"
              value={form.accessToken}
              placeholder={s.accessTokenMask ?? ''}
              error={errors.accessToken}
              hint={s.accessTokenMask ? t('secretKept', { mask: s.accessTokenMask }) : undefined}
              onChange={(e) => set({ accessToken: e.target.value })}
            />
            <TextField
              label={t('appSecret')}
              name="appSecret"
              type="password"
              autoComplete="new-password"
              value={form.appSecret}
              placeholder={s.appSecretMask ?? ''}
              error={errors.appSecret}
              hint={s.appSecretMask ? t('secretKept', { mask: s.appSecretMask }) : t('appSecretHint')}
              onChange={(e) => set({ appSecret: e.target.value })}
            />
          </div>
          <TextField
            label={t('baseUrl')}
            name="baseUrl"
            value={form.baseUrl}
            error={errors.baseUrl}
            hint={t('baseUrlHint')}
            onChange={(e) => set({ baseUrl: e.target.value })}
          />
        </ConnectionCard>

        <Card title={t('webhookTitle')}>
          <div className={screen.form}>
            <p className={screen.help}>{t('webhookHelp')}</p>
            <span className={styles.label}>{t('callbackUrl')}</span>
            <code className={styles.code} data-testid="whatsapp-webhook-url">
              {s.webhookUrl}
            </code>
            <span className={styles.label}>{t('verifyToken')}</span>
            {s.verifyToken ? (
              <code className={styles.code} data-testid="whatsapp-verify-token">
                {s.verifyToken}
              </code>
            ) : (
              <p className={screen.help}>{t('verifyTokenAfterSave')}</p>
            )}
          </div>
        </Card>

        <Card
          title={t('templatesTitle')}
          actions={
            canEdit ? (
              <Button
                size="small"
                onClick={() =>
                  set({ templates: [...form.templates, { name: '', language: 'en_US', bodyParameters: '0' }] })
                }
                data-testid="add-template"
              >
                {t('addTemplate')}
              </Button>
            ) : undefined
          }
        >
          <div className={screen.form}>
            <p className={screen.help}>{t('templatesHelp')}</p>
            {form.templates.length === 0 && (
              <p className={screen.help} data-testid="templates-empty">
                {t('templatesEmpty')}
              </p>
            )}
            {form.templates.map((r, i) => (
              <div key={i} className={styles.templateRow}>
                <TextField
                  label={t('templateName')}
                  name={`templates.${i}.name`}
                  value={r.name}
                  error={errors[`templates.${i}.name`]}
                  onChange={(e) => setRow(i, { name: e.target.value })}
                />
                <TextField
                  label={t('templateLanguage')}
                  name={`templates.${i}.language`}
                  value={r.language}
                  error={errors[`templates.${i}.language`]}
                  onChange={(e) => setRow(i, { language: e.target.value })}
                />
                <TextField
                  label={t('templateParameters')}
                  name={`templates.${i}.bodyParameters`}
                  inputMode="numeric"
                  value={r.bodyParameters}
                  error={errors[`templates.${i}.bodyParameters`]}
                  onChange={(e) => setRow(i, { bodyParameters: e.target.value })}
                />
                <Button variant="tertiary" onClick={() => set({ templates: form.templates.filter((_, j) => j !== i) })}>
                  {t('removeTemplate')}
                </Button>
              </div>
            ))}
          </div>
        </Card>
      </SettingsForm>
      {canEdit && (
        <WhatsAppTestCard
          key={s.templates.map((x) => `${x.name}|${x.language}`).join(',')}
          configured={s.configured}
          templates={s.templates}
        />
      )}
    </SettingsPage>
  )
}

function WhatsAppTestCard({ configured, templates }: { configured: boolean; templates: WhatsAppTemplate[] }) {
  const t = useTranslations('whatsappSettings')
  const toast = useToast()
  const [to, setTo] = useState('')
  const [choice, setChoice] = useState(templates[0] ? `${templates[0].name}|${templates[0].language}` : '')
  const [params, setParams] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function sendTest(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const [templateName = '', language = ''] = choice.split('|')
    setBusy(true)
    setErrors({})
    try {
      await http.post('/ajax/sms/whatsapp/send-test', {
        to,
        templateName,
        language,
        bodyParameters: params ? params.split(',').map((p) => p.trim()) : [],
      })
      toast.show({ variant: 'success', content: t('testSent', { to }) })
    } catch (error) {
      const f = readHttpFailure(error)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('testFailed') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t('testTitle')}>
      <form className={screen.form} onSubmit={sendTest} noValidate data-testid="whatsapp-test-form">
        {(!configured || !templates.length) && <p className={screen.help}>{t('testNeedsSettings')}</p>}
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
          <Select
            label={t('testTemplate')}
            name="template"
            value={choice}
            error={errors.templateName}
            onChange={(e) => setChoice(e.target.value)}
            options={templates.map((x) => ({ value: `${x.name}|${x.language}`, label: `${x.name} (${x.language})` }))}
          />
          <TextField
            label={t('testParameters')}
            name="bodyParameters"
            value={params}
            hint={t('testParametersHint')}
            onChange={(e) => setParams(e.target.value)}
          />
        </div>
        <div className={styles.footer}>
          <Button
            type="submit"
            loading={busy}
            disabled={!configured || !templates.length}
            data-testid="send-test-whatsapp"
          >
            {t('testSend')}
          </Button>
        </div>
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
      </form>
    </Card>
  )
}
