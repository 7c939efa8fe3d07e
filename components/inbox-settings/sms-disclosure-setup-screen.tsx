'use client'
// /get-started/sms-disclosure-setup: edits the SMS disclosure kept in the SMS settings (it must
// say how to opt out with STOP).
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { SettingsLoader, useSettingsSave } from '@/components/settings/settings-form-screen'
import { TextArea } from './text-area'
import { fieldError } from './field-error'
import { DISCLOSURE_KEY, type DisclosureLoaded } from './sms-disclosure-screen'
import styles from './inbox-settings.module.css'

export function SmsDisclosureSetupScreen() {
  const t = useTranslations('smsTools')
  return (
    <SettingsLoader<DisclosureLoaded>
      url={DISCLOSURE_KEY}
      title={t('disclosureSetupTitle')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data, mutate) => <DisclosureForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function DisclosureForm({ data, mutate }: { data: DisclosureLoaded; mutate: KeyedMutator<DisclosureLoaded> }) {
  const t = useTranslations('smsTools')
  const canEdit = usePermission(['account_settings_write'])
  const [text, setText] = useState(data.disclosure.text)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<DisclosureLoaded>(DISCLOSURE_KEY, { text })
      await mutate(res.data, { revalidate: false })
    })
  }

  return (
    <Page>
      <PageHead
        title={t('disclosureSetupTitle')}
        description={t('disclosureSetupDescription')}
        actions={<LinkButton href="/get-started/sms-disclosure">{t('back')}</LinkButton>}
      />
      <PageBody>
        <form className={styles.stack} onSubmit={submit} noValidate data-testid="sms-disclosure-form">
          <Card>
            <fieldset disabled={!canEdit} className={`${styles.fieldset} ${styles.form}`}>
              {!data.disclosure.saved && <Notification variant="info">{t('disclosureSuggestedHelp')}</Notification>}
              <TextArea
                label={t('disclosureText')}
                name="text"
                rows={6}
                value={text}
                maxLength={1000}
                hint={t('disclosureTextHint')}
                error={fieldError(errors, 'text')}
                onChange={(e) => setText(e.target.value)}
              />
            </fieldset>
          </Card>
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          {canEdit && (
            <div className={styles.footer}>
              <Button variant="primary" type="submit" loading={busy} data-testid="save-disclosure">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}
