'use client'
// /inbox/onboarding: the steps that make the inbox useful (channels, away message, quick
// replies, FAQ, intent rules), each a link, and "finish" to mark the onboarding done.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import { INBOX_SETTINGS_KEY, type InboxSettingsLoaded } from './away-message-screen'
import styles from './inbox-settings.module.css'

const STEPS = [
  ['onboardingChannels', '/inbox/settings/inbound-messages'],
  ['onboardingAway', '/inbox/customization/away_message'],
  ['onboardingQuickReplies', '/inbox/settings/quick-replies'],
  ['onboardingFaq', '/inbox/faq'],
  ['onboardingAutomations', '/automations'],
] as const

export function InboxOnboardingScreen() {
  const t = useTranslations('inboxSettings')
  const canEdit = usePermission(['account_settings_write'])
  const { data, error, mutate } = useSWR(INBOX_SETTINGS_KEY, (u: string) =>
    http.get<InboxSettingsLoaded>(u).then((r) => r.data),
  )
  const { busy, save } = useSettingsSave({ saved: t('onboardingDone'), failed: t('saveError') }, 'toast')
  const finish = () =>
    save(async () => {
      const res = await http.put<InboxSettingsLoaded>(`${INBOX_SETTINGS_KEY}/onboarding`, { completed: true })
      await mutate(res.data, { revalidate: false })
    })

  return (
    <Page>
      <PageHead title={t('onboardingTitle')} description={t('onboardingDescription')} />
      <PageBody>
        {error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
        {!data && !error && (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <div className={styles.stack}>
            <Card>
              <ol className={styles.steps} data-testid="inbox-onboarding-steps">
                {STEPS.map(([label, href]) => (
                  <li key={href} className={styles.step}>
                    <span>{t(label)}</span>
                    <LinkButton href={href} size="small">
                      {t('open')}
                    </LinkButton>
                  </li>
                ))}
              </ol>
            </Card>
            <div className={styles.footer}>
              {data.settings.onboarded ? (
                <Badge variant="success">{t('onboardingDone')}</Badge>
              ) : (
                canEdit && (
                  <Button
                    variant="primary"
                    loading={busy}
                    onClick={() => void finish()}
                    data-testid="finish-onboarding"
                  >
                    {t('onboardingFinish')}
                  </Button>
                )
              )}
            </div>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
