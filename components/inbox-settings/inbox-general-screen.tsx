'use client'
// /inbox/settings/general: when idle conversations close, and the name automatic answers sign with.
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
import { INBOX_SETTINGS_KEY, type InboxSettingsLoaded } from './away-message-screen'
import { fieldError } from './field-error'
import styles from './inbox-settings.module.css'

export function InboxGeneralScreen() {
  const t = useTranslations('inboxSettings')
  return (
    <SettingsLoader<InboxSettingsLoaded>
      url={INBOX_SETTINGS_KEY}
      title={t('generalTitle')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data, mutate) => <GeneralForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function GeneralForm({ data, mutate }: { data: InboxSettingsLoaded; mutate: KeyedMutator<InboxSettingsLoaded> }) {
  const t = useTranslations('inboxSettings')
  const canEdit = usePermission(['account_settings_write'])
  const [autoCloseDays, setDays] = useState(String(data.settings.autoCloseDays))
  const [botName, setBotName] = useState(data.settings.botName)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<InboxSettingsLoaded>(`${INBOX_SETTINGS_KEY}/general`, { autoCloseDays, botName })
      await mutate(res.data, { revalidate: false })
    })
  }

  return (
    <Page>
      <PageHead title={t('generalTitle')} description={t('generalDescription')} />
      <PageBody>
        <form className={styles.stack} onSubmit={submit} noValidate data-testid="inbox-general-form">
          <fieldset disabled={!canEdit} className={styles.fieldset}>
            <Card>
              <div className={styles.grid}>
                <TextField
                  label={t('autoCloseDays')}
                  name="autoCloseDays"
                  inputMode="numeric"
                  value={autoCloseDays}
                  hint={t('autoCloseDaysHint')}
                  error={fieldError(errors, 'autoCloseDays')}
                  onChange={(e) => setDays(e.target.value)}
                />
                <TextField
                  label={t('botName')}
                  name="botName"
                  value={botName}
                  maxLength={60}
                  hint={t('botNameHint')}
                  error={fieldError(errors, 'botName')}
                  onChange={(e) => setBotName(e.target.value)}
                />
              </div>
            </Card>
          </fieldset>
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          {canEdit && (
            <div className={styles.footer}>
              <Button variant="primary" type="submit" loading={busy} data-testid="save-inbox-general">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}
