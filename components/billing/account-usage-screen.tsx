'use client'
// /settings/billing/account-usage: this period's usage against the plan, the daily chart, and
// the family of accounts sharing an owner (those the viewer is not a member of stay unnamed).
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { BILLING, useBilling, type CompanyUsage, type FamilyUsage, type UsageByDay } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { UsageMeter } from './usage-meter'
import { UsageChart } from './usage-chart'
import styles from './billing.module.css'

export function AccountUsageScreen() {
  const t = useTranslations('billing')
  const format = useFormatter()
  const usage = useBilling<CompanyUsage>(BILLING.usage)
  const daily = useBilling<UsageByDay>(BILLING.usageByDay)
  const family = useBilling<FamilyUsage>(BILLING.family)
  return (
    <Page>
      <PageHead title={t('usageTitle')} description={t('usageDescription')} />
      <PageBody>
        <BillingTabs current="account-usage" />
        <div className={styles.stack}>
          <Card title={t('usageThisPeriod')}>
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
          <Card title={t('perDay')}>
            <Loaded data={daily.data} error={daily.error} retry={() => void daily.mutate()}>
              {(d) => (d.days.length ? <UsageChart data={d} /> : <p className={styles.muted}>{t('noSendsYet')}</p>)}
            </Loaded>
          </Card>
          <Card title={t('familyTitle')} flush>
            <Loaded data={family.data} error={family.error} retry={() => void family.mutate()}>
              {(f) => (
                <Table
                  caption={t('familyTitle')}
                  columns={[
                    { key: 'name', header: t('colAccount') },
                    { key: 'plan', header: t('colPlan') },
                    { key: 'profiles', header: t('activeProfiles'), align: 'right' },
                    { key: 'emails', header: t('emailsSent'), align: 'right' },
                    { key: 'sms', header: t('smsSegments'), align: 'right' },
                  ]}
                  rows={[
                    ...f.companies.map((c, i) => ({
                      id: c.companyId ?? `hidden-${i}`,
                      name: c.name ?? <span className={styles.muted}>{t('otherAccount')}</span>,
                      plan: c.emailPlanKey,
                      profiles: format.number(c.activeProfiles),
                      emails: format.number(c.emailsSent),
                      sms: format.number(c.smsSegments),
                    })),
                    {
                      id: 'total',
                      name: <strong>{t('total')}</strong>,
                      plan: '',
                      profiles: <strong>{format.number(f.total.activeProfiles)}</strong>,
                      emails: <strong>{format.number(f.total.emailsSent)}</strong>,
                      sms: <strong>{format.number(f.total.smsSegments)}</strong>,
                    },
                  ]}
                />
              )}
            </Loaded>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
