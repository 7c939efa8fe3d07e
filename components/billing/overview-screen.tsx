'use client'
// /settings/billing/overview: the account's package (a plan per channel, add-ons, the monthly
// total, the period and a scheduled cancellation) and this period's usage against it.
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { LinkButton } from '@/components/ui/button'
import { BILLING, useBilling, type BillingPackage, type CompanyUsage } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { UsageMeter } from './usage-meter'
import { formatCents } from './money'
import styles from './billing.module.css'

export function BillingOverviewScreen() {
  const t = useTranslations('billing')
  const format = useFormatter()
  const pkg = useBilling<BillingPackage>(BILLING.package)
  const usage = useBilling<CompanyUsage>(BILLING.usage)
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' })
  return (
    <Page>
      <PageHead title={t('overviewTitle')} description={t('overviewDescription')} />
      <PageBody>
        <BillingTabs current="overview" />
        <Loaded data={pkg.data} error={pkg.error} retry={() => void pkg.mutate()}>
          {(p) => (
            <div className={styles.stack}>
              {p.subscription.cancelAtPeriodEnd && (
                <Notification variant="warning">
                  {t('cancelScheduled', { date: date(p.subscription.periodEnd) })}
                </Notification>
              )}
              {p.subscription.status === 'past_due' && <Notification variant="error">{t('pastDue')}</Notification>}
              <div className={styles.grid}>
                <Card title={t('emailPlan')}>
                  <p className={styles.figure}>{p.plans.email?.name ?? '—'}</p>
                  <p className={styles.muted}>
                    {p.plans.email ? formatCents(format, p.plans.email.priceCents, p.plans.email.currency) : ''}
                  </p>
                </Card>
                <Card title={t('smsPlan')}>
                  <p className={styles.figure}>{p.plans.sms?.name ?? '—'}</p>
                  <p className={styles.muted}>
                    {p.plans.sms ? formatCents(format, p.plans.sms.priceCents, p.plans.sms.currency) : ''}
                  </p>
                </Card>
                <Card title={t('monthlyTotal')}>
                  <p className={styles.figure} data-testid="monthly-total">
                    {formatCents(format, p.totalMonthlyCents, p.currency)}
                  </p>
                  <p className={styles.muted}>
                    {t('periodRange', { start: date(p.subscription.periodStart), end: date(p.subscription.periodEnd) })}
                  </p>
                </Card>
              </div>
              {p.plans.addons.length > 0 && (
                <Card title={t('addons')}>
                  <ul className={styles.list}>
                    {p.plans.addons.map((a) => (
                      <li key={a.key}>{a.name}</li>
                    ))}
                  </ul>
                </Card>
              )}
              <Card
                title={t('usageThisPeriod')}
                actions={
                  <LinkButton href="/settings/billing/account-usage" size="small" variant="tertiary">
                    {t('usageDetails')}
                  </LinkButton>
                }
              >
                <Loaded data={usage.data} error={usage.error} retry={() => void usage.mutate()}>
                  {(u) => (
                    <div className={styles.stack}>
                      <UsageMeter label={t('activeProfiles')} usage={u.activeProfiles} />
                      <UsageMeter label={t('emailsSent')} usage={u.emails} />
                      <UsageMeter label={t('smsSegments')} usage={u.smsSegments} />
                    </div>
                  )}
                </Loaded>
              </Card>
              <div className={styles.actions}>
                <LinkButton href="/settings/billing/email-plans" variant="primary">
                  {t('changePlan')}
                </LinkButton>
                <LinkButton href="/settings/billing/create-your-plan">{t('createYourPlan')}</LinkButton>
              </div>
            </div>
          )}
        </Loaded>
      </PageBody>
    </Page>
  )
}
