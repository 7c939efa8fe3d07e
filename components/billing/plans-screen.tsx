'use client'
// /settings/billing/email-plans and /settings/billing/sms-plans: a channel's tiers with their
// limits and prices, the current one marked, each leading to its checkout; and the consent to
// move up a tier automatically at the limit.
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { usePermission } from '@/lib/client/shell-context'
import { BILLING, useBilling, type PlanManagement } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { AutoUpgradeToggle } from './auto-upgrade-toggle'
import { formatCents } from './money'
import styles from './billing.module.css'

export function PlansScreen({ channel }: { channel: 'email' | 'sms' }) {
  const t = useTranslations('billing')
  const format = useFormatter()
  const canWrite = usePermission('billing_write')
  const q = useBilling<PlanManagement>(BILLING.plans)
  return (
    <Page>
      <PageHead
        title={channel === 'email' ? t('emailPlansTitle') : t('smsPlansTitle')}
        description={channel === 'email' ? t('emailPlansDescription') : t('smsPlansDescription')}
      />
      <PageBody>
        <BillingTabs current={channel === 'email' ? 'email-plans' : 'sms-plans'} />
        <Loaded data={q.data} error={q.error} retry={() => void q.mutate()}>
          {(d) => {
            const plans = channel === 'email' ? d.emailPlans : d.smsPlans
            return (
              <div className={styles.stack}>
                <Card title={t('tiers')} flush>
                  <Table
                    caption={t('tiers')}
                    empty={t('noPlans')}
                    columns={[
                      { key: 'name', header: t('colPlan') },
                      { key: 'limit', header: channel === 'email' ? t('colLimits') : t('colCredits'), align: 'right' },
                      { key: 'price', header: t('colPrice'), align: 'right' },
                      {
                        key: 'action',
                        header: <span className="visually-hidden">{t('colActions')}</span>,
                        align: 'right',
                      },
                    ]}
                    rows={plans.map((p) => ({
                      id: p.key,
                      name: (
                        <span>
                          <strong>{p.name}</strong> {p.current && <Badge variant="success">{t('current')}</Badge>}
                        </span>
                      ),
                      limit:
                        channel === 'email'
                          ? t('emailLimits', {
                              profiles: format.number(p.activeProfilesLimit ?? 0),
                              sends: format.number(p.monthlySendsLimit ?? 0),
                            })
                          : t('smsLimits', { credits: format.number(p.smsCredits ?? 0), country: p.country ?? '' }),
                      price: p.priceCents
                        ? t('perMonth', { price: formatCents(format, p.priceCents, p.currency) })
                        : t('free'),
                      action:
                        canWrite && !p.current && p.priceCents > 0 ? (
                          <LinkButton size="small" href={`/settings/billing/checkout/${encodeURIComponent(p.key)}`}>
                            {t('choose')}
                          </LinkButton>
                        ) : null,
                    }))}
                  />
                </Card>
                <Card title={t('autoUpgradeTitle')}>
                  <p className={styles.muted}>{t('autoUpgradeHelp')}</p>
                  <AutoUpgradeToggle
                    channel={channel}
                    enabled={channel === 'email' ? d.autoUpgrade.emailEnabled : d.autoUpgrade.smsEnabled}
                  />
                </Card>
              </div>
            )
          }}
        </Loaded>
      </PageBody>
    </Page>
  )
}
