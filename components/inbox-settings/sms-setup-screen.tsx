'use client'
// /get-started/sms-setup: the SMS set-up checklist: the provider account, sending numbers,
// opt-in keywords, the disclosure, and the country steps (Australian sender-id registration,
// New Zealand short code), each with where it stands and a link to do it.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { getSmsSetupStatus } from '@/lib/messaging/sms/sms-registrations'
import styles from './inbox-settings.module.css'

type Status = Awaited<ReturnType<typeof getSmsSetupStatus>>
export const REGISTRATION_STATUS = {
  not_started: 'status_not_started',
  draft: 'status_draft',
  submitted: 'status_submitted',
  approved: 'status_approved',
  rejected: 'status_rejected',
} as const
export type RegistrationStatus = keyof typeof REGISTRATION_STATUS

export function SmsSetupScreen() {
  const t = useTranslations('smsTools')
  const { data, error, mutate } = useSWR('/ajax/sms/setup-status', (u: string) =>
    http.get<{ status: Status }>(u).then((r) => r.data.status),
  )
  const done = (ok: boolean) => (ok ? <Badge variant="success">{t('done')}</Badge> : <Badge>{t('todo')}</Badge>)
  const reg = (s: string) => {
    const label = REGISTRATION_STATUS[s as RegistrationStatus] ?? 'status_not_started'
    return <Badge variant={s === 'approved' ? 'success' : undefined}>{t(label)}</Badge>
  }
  const steps = data
    ? ([
        ['setupAccount', done(data.accountConnected), '/settings/sms'],
        ['setupNumbers', done(data.senderCountries.length > 0), '/settings/sms#sending-numbers'],
        ['setupKeywords', done(data.keywords > 0), '/settings/sms#keywords'],
        ['setupDisclosure', done(data.disclosureSaved), '/get-started/sms-disclosure'],
        ['setupAu', reg(data.au), '/get-started/sms-setup/au-registration'],
        ['setupNz', reg(data.nz), '/get-started/sms-setup/nz-short-code'],
      ] as const)
    : []

  return (
    <Page>
      <PageHead title={t('setupTitle')} description={t('setupDescription')} />
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
          <Card>
            <ol className={styles.steps} data-testid="sms-setup-steps">
              {steps.map(([label, badge, href]) => (
                <li key={label} className={styles.step}>
                  <span className={styles.rowText}>{t(label)}</span>
                  <span className={styles.rowActions}>
                    {badge}
                    <LinkButton href={href} size="small">
                      {t('open')}
                    </LinkButton>
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
