'use client'
// /inbox/customization/away_message: business hours per weekday in the account's time zone and
// the away message sent outside them (once per conversation and away period).
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { SettingsLoader, useSettingsSave } from '@/components/settings/settings-form-screen'
import type { InboxSettingsView } from '@/lib/inbox/automations/inbox-settings'
import type { BusinessHours, Weekday } from '@/lib/inbox/automations/business-hours'
import { TextArea } from './text-area'
import { fieldError } from './field-error'
import styles from './inbox-settings.module.css'

export const INBOX_SETTINGS_KEY = '/ajax/inbox/settings'
export type InboxSettingsLoaded = { settings: InboxSettingsView }
const DAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
const DAY_LABEL = {
  mon: 'day_mon',
  tue: 'day_tue',
  wed: 'day_wed',
  thu: 'day_thu',
  fri: 'day_fri',
  sat: 'day_sat',
  sun: 'day_sun',
} as const

export function AwayMessageScreen() {
  const t = useTranslations('inboxSettings')
  return (
    <SettingsLoader<InboxSettingsLoaded>
      url={INBOX_SETTINGS_KEY}
      title={t('awayTitle')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data, mutate) => <AwayForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function AwayForm({ data, mutate }: { data: InboxSettingsLoaded; mutate: KeyedMutator<InboxSettingsLoaded> }) {
  const t = useTranslations('inboxSettings')
  const canEdit = usePermission(['account_settings_write'])
  const s = data.settings
  const [enabled, setEnabled] = useState(s.awayEnabled)
  const [text, setText] = useState(s.awayText)
  const [hours, setHours] = useState<BusinessHours>(s.businessHours)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const setDay = (d: Weekday, patch: Partial<BusinessHours[Weekday]>) =>
    setHours({ ...hours, [d]: { ...hours[d], ...patch } })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<InboxSettingsLoaded>(`${INBOX_SETTINGS_KEY}/away-message`, {
        awayEnabled: enabled,
        awayText: text,
        businessHours: hours,
      })
      await mutate(res.data, { revalidate: false })
    })
  }

  return (
    <Page>
      <PageHead title={t('awayTitle')} description={t('awayDescription')} />
      <PageBody>
        <form className={styles.stack} onSubmit={submit} noValidate data-testid="away-message-form">
          <fieldset disabled={!canEdit} className={`${styles.fieldset} ${styles.stack}`}>
            <Card title={t('hoursTitle')}>
              <div className={styles.form}>
                <p className={styles.help}>{t('hoursHelp', { zone: s.timeZone })}</p>
                {DAYS.map((d) => (
                  <div key={d} className={styles.day} data-testid={`hours-${d}`}>
                    <label className={styles.toggle}>
                      <input
                        type="checkbox"
                        name={`${d}.open`}
                        checked={hours[d].open}
                        onChange={(e) => setDay(d, { open: e.target.checked })}
                      />
                      <span>{t(DAY_LABEL[d])}</span>
                    </label>
                    <TextField
                      label={t('opens')}
                      name={`${d}.start`}
                      type="time"
                      value={hours[d].start}
                      disabled={!hours[d].open}
                      error={fieldError(errors, `businessHours.${d}.start`)}
                      onChange={(e) => setDay(d, { start: e.target.value })}
                    />
                    <TextField
                      label={t('closes')}
                      name={`${d}.end`}
                      type="time"
                      value={hours[d].end}
                      disabled={!hours[d].open}
                      error={fieldError(errors, `businessHours.${d}.end`)}
                      onChange={(e) => setDay(d, { end: e.target.value })}
                    />
                  </div>
                ))}
              </div>
            </Card>
            <Card title={t('awayCardTitle')}>
              <div className={styles.form}>
                <label className={styles.toggle}>
                  <input
                    type="checkbox"
                    name="awayEnabled"
                    checked={enabled}
                    onChange={(e) => setEnabled(e.target.checked)}
                  />
                  <span>
                    {t('awayEnabled')}
                    <br />
                    <span className={styles.help}>{t('awayEnabledHelp')}</span>
                  </span>
                </label>
                <TextArea
                  label={t('awayText')}
                  name="awayText"
                  value={text}
                  maxLength={1000}
                  hint={t('variablesHint')}
                  error={fieldError(errors, 'awayText')}
                  onChange={(e) => setText(e.target.value)}
                />
              </div>
            </Card>
          </fieldset>
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          {canEdit && (
            <div className={styles.footer}>
              <Button variant="primary" type="submit" loading={busy} data-testid="save-away-message">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}
