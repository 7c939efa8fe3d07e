'use client'
// /get-started/sms-disclosure: why sign-up forms need an SMS disclosure, the text they show now,
// and the way to its set-up.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { SmsDisclosureView } from '@/lib/messaging/sms/sms-disclosure'
import styles from './inbox-settings.module.css'

export const DISCLOSURE_KEY = '/ajax/sms/disclosure'
export type DisclosureLoaded = { disclosure: SmsDisclosureView }

export function SmsDisclosureScreen() {
  const t = useTranslations('smsTools')
  const { data, error, mutate } = useSWR(DISCLOSURE_KEY, (u: string) =>
    http.get<DisclosureLoaded>(u).then((r) => r.data),
  )
  return (
    <Page>
      <PageHead title={t('disclosureTitle')} description={t('disclosureDescription')} />
      <PageBody>
        <div className={styles.stack}>
          <Card title={t('disclosureWhyTitle')}>
            <p className={styles.help}>{t('disclosureWhy')}</p>
          </Card>
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
            <Card
              title={t('disclosureCurrent')}
              actions={
                data.disclosure.saved ? (
                  <Badge variant="success">{t('done')}</Badge>
                ) : (
                  <Badge>{t('disclosureSuggested')}</Badge>
                )
              }
            >
              <p className={styles.preview} data-testid="sms-disclosure-preview">
                {data.disclosure.text}
              </p>
            </Card>
          )}
          <div className={styles.footer}>
            <LinkButton href="/get-started/sms-setup">{t('back')}</LinkButton>
            <LinkButton href="/get-started/sms-disclosure-setup" variant="primary" data-testid="edit-disclosure">
              {t('disclosureEdit')}
            </LinkButton>
          </div>
        </div>
      </PageBody>
    </Page>
  )
}
