'use client'
// /inbox/settings/inbound-messages: which channels feed the inbox, and which of the account's
// SMS numbers (none chosen: every number).
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { SettingsLoader, useSettingsSave } from '@/components/settings/settings-form-screen'
import { INBOX_SETTINGS_KEY, type InboxSettingsLoaded } from './away-message-screen'
import { fieldError } from './field-error'
import styles from './inbox-settings.module.css'

const CHANNELS = [
  ['sms', 'channel_sms'],
  ['whatsapp', 'channel_whatsapp'],
  ['email', 'channel_email'],
  ['chat', 'channel_chat'],
] as const

export function InboundMessagesScreen() {
  const t = useTranslations('inboxSettings')
  return (
    <SettingsLoader<InboxSettingsLoaded>
      url={INBOX_SETTINGS_KEY}
      title={t('inboundTitle')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data, mutate) => <InboundForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

const toggle = (list: string[], v: string, on: boolean) => (on ? [...list, v] : list.filter((x) => x !== v))

function InboundForm({ data, mutate }: { data: InboxSettingsLoaded; mutate: KeyedMutator<InboxSettingsLoaded> }) {
  const t = useTranslations('inboxSettings')
  const canEdit = usePermission(['account_settings_write'])
  const s = data.settings
  const [channels, setChannels] = useState(s.channels)
  const [numbers, setNumbers] = useState(s.inboundNumbers)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<InboxSettingsLoaded>(`${INBOX_SETTINGS_KEY}/inbound-messages`, {
        channels,
        inboundNumbers: numbers,
      })
      await mutate(res.data, { revalidate: false })
    })
  }

  return (
    <Page>
      <PageHead title={t('inboundTitle')} description={t('inboundDescription')} />
      <PageBody>
        <form className={styles.stack} onSubmit={submit} noValidate data-testid="inbound-messages-form">
          <fieldset disabled={!canEdit} className={`${styles.fieldset} ${styles.stack}`}>
            <Card title={t('channelsTitle')}>
              <div className={styles.form}>
                {CHANNELS.map(([c, label]) => (
                  <label key={c} className={styles.toggle}>
                    <input
                      type="checkbox"
                      name={`channel-${c}`}
                      checked={channels.includes(c)}
                      onChange={(e) => setChannels(toggle(channels, c, e.target.checked))}
                    />
                    <span>{t(label)}</span>
                  </label>
                ))}
                {fieldError(errors, 'channels') && (
                  <Notification variant="error">{fieldError(errors, 'channels')}</Notification>
                )}
              </div>
            </Card>
            <Card title={t('numbersTitle')}>
              <div className={styles.form}>
                <p className={styles.help}>{t('numbersHelp')}</p>
                {s.smsNumbers.length === 0 && <p className={styles.muted}>{t('numbersNone')}</p>}
                {s.smsNumbers.map((n) => (
                  <label key={n} className={styles.toggle}>
                    <input
                      type="checkbox"
                      name={`number-${n}`}
                      checked={numbers.includes(n)}
                      onChange={(e) => setNumbers(toggle(numbers, n, e.target.checked))}
                    />
                    <span>{n}</span>
                  </label>
                ))}
                {fieldError(errors, 'inboundNumbers') && (
                  <Notification variant="error">{fieldError(errors, 'inboundNumbers')}</Notification>
                )}
              </div>
            </Card>
          </fieldset>
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          {canEdit && (
            <div className={styles.footer}>
              <Button variant="primary" type="submit" loading={busy} data-testid="save-inbound-messages">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}
