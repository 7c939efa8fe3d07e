'use client'
// /settings/account/messaging: the sending policy every marketing message passes — the
// smart-sending window, the caps per channel and the quiet hours of SMS and push — saved together.
// Field errors come back under their fields (sending.frequencyCaps.sms.week …); without
// account_settings_write the form is read-only.
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { MessagingPolicyView } from '@/lib/messaging/messaging-policy-settings'
import { SettingsLoader, useSettingsSave } from './settings-form-screen'
import field from '@/components/ui/field.module.css'
import styles from './email-settings.module.css'
import screen from '@/components/ui/form-screen.module.css'

const KEY = '/ajax/account/messaging'
const CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const

export function MessagingSettingsScreen() {
  const t = useTranslations('messagingSettings')
  return (
    <SettingsLoader<MessagingPolicyView>
      url={KEY}
      title={t('title')}
      loadError={(e) => readHttpFailure(e).message ?? t('loadError')}
      loadingClassName={screen.loading}
      keepDataOnError
    >
      {(data, mutate) => <MessagingForm key={JSON.stringify(data)} data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

const toForm = (s: MessagingPolicyView) => ({
  smartSendingHours: String(s.smartSendingHours),
  caps: Object.fromEntries(
    CHANNELS.map((c) => [
      c,
      { day: s.frequencyCaps[c]?.day?.toString() ?? '', week: s.frequencyCaps[c]?.week?.toString() ?? '' },
    ]),
  ) as Record<string, { day: string; week: string }>,
  quiet: s.quietHours,
})

function MessagingForm({ data, mutate }: { data: MessagingPolicyView; mutate: KeyedMutator<MessagingPolicyView> }) {
  const t = useTranslations('messagingSettings')
  const te = useTranslations('emailSettings')
  const canEdit = usePermission(['account_settings_read', 'account_settings_write'])
  const [form, setForm] = useState(() => toForm(data))
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const err = (k: string) => errors[k] || undefined

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<MessagingPolicyView>(KEY, {
        sending: { smartSendingHours: form.smartSendingHours.trim(), frequencyCaps: form.caps },
        quietHours: form.quiet,
      })
      await mutate(res.data, { revalidate: false })
    })
  }

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <form className={screen.stack} onSubmit={(e) => void submit(e)} noValidate data-testid="messaging-form">
          {!canEdit && <Notification variant="info">{t('readOnly')}</Notification>}
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          <fieldset disabled={!canEdit} className={`${screen.fieldset} ${screen.stack}`}>
            <Card title={t('smartTitle')}>
              <div className={styles.narrow}>
                <TextField
                  label={te('smartSendingHours')}
                  name="smartSendingHours"
                  inputMode="numeric"
                  value={form.smartSendingHours}
                  error={err('sending.smartSendingHours')}
                  hint={te('smartSendingHint')}
                  onChange={(e) => setForm({ ...form, smartSendingHours: e.target.value })}
                />
              </div>
            </Card>
            <Card title={te('capsTitle')}>
              <p className={styles.help}>{te('capsHelp')}</p>
              <div className={styles.caps} role="group" aria-label={te('capsTitle')}>
                <span className={styles.capsHead} />
                <span className={styles.capsHead}>{te('perDay')}</span>
                <span className={styles.capsHead}>{te('perWeek')}</span>
                {CHANNELS.map((c) => [
                  <span key={c} className={styles.capsChannel}>
                    {te(`channels.${c}`)}
                  </span>,
                  ...(['day', 'week'] as const).map((k) => {
                    const e = err(`sending.frequencyCaps.${c}.${k}`)
                    return (
                      <span key={c + k} className={styles.capCell}>
                        <input
                          aria-label={`${te(`channels.${c}`)} – ${k === 'day' ? te('perDay') : te('perWeek')}`}
                          className={`${field.control} ${e ? field.invalid : ''}`}
                          name={`cap-${c}-${k}`}
                          inputMode="numeric"
                          placeholder={te('noCap')}
                          value={form.caps[c]![k]}
                          aria-invalid={e ? true : undefined}
                          onChange={(ev) =>
                            setForm({
                              ...form,
                              caps: { ...form.caps, [c]: { ...form.caps[c]!, [k]: ev.target.value } },
                            })
                          }
                        />
                        {e && (
                          <span role="alert" className={styles.error}>
                            {e}
                          </span>
                        )}
                      </span>
                    )
                  }),
                ])}
              </div>
            </Card>
            <Card title={t('quietTitle')}>
              <p className={styles.help}>{t('quietHelp')}</p>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={form.quiet.enabled}
                  data-testid="quiet-enabled"
                  onChange={(e) => setForm({ ...form, quiet: { ...form.quiet, enabled: e.target.checked } })}
                />
                <span className={styles.checkLabel}>{t('quietEnabled')}</span>
              </label>
              <div className={styles.grid}>
                <TextField
                  label={t('quietStart')}
                  name="quietStart"
                  type="time"
                  value={form.quiet.start}
                  error={err('quietHours.start')}
                  onChange={(e) => setForm({ ...form, quiet: { ...form.quiet, start: e.target.value } })}
                />
                <TextField
                  label={t('quietEnd')}
                  name="quietEnd"
                  type="time"
                  value={form.quiet.end}
                  error={err('quietHours.end')}
                  onChange={(e) => setForm({ ...form, quiet: { ...form.quiet, end: e.target.value } })}
                />
              </div>
            </Card>
          </fieldset>
          {canEdit && (
            <div className={styles.footer}>
              <Button type="submit" variant="primary" loading={busy} data-testid="messaging-save">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}
