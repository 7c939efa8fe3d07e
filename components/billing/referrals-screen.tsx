'use client'
// /referrals: the account's referral link to copy, and the accounts that signed up with it and
// the credit each earned.
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { useToast } from '@/components/shell/toasts'
import { BILLING, useBilling, type Referrals } from './billing-api'
import { Loaded } from './billing-states'
import { formatCents } from './money'
import styles from './billing.module.css'

export function ReferralsScreen() {
  const t = useTranslations('billing')
  const tx = useTranslations('billingExtras')
  const format = useFormatter()
  const toast = useToast()
  const q = useBilling<Referrals>(BILLING.referrals)
  return (
    <Page>
      <PageHead
        title={t('referralsTitle')}
        description={t('referralsDescription', {
          credit: formatCents(format, q.data?.creditPerReferralCents ?? 5000, 'USD'),
        })}
      />
      <PageBody>
        <Loaded data={q.data} error={q.error} retry={() => void q.mutate()}>
          {(d) => (
            <div className={styles.stack}>
              <Card title={t('referralLink')}>
                <div className={styles.actions}>
                  <code className={styles.code} data-testid="referral-link">
                    {d.link}
                  </code>
                  {d.link && (
                    <Button
                      size="small"
                      onClick={() =>
                        void navigator.clipboard
                          ?.writeText(d.link!)
                          .then(() => toast.show({ variant: 'success', content: t('copied') }))
                      }
                    >
                      {t('copy')}
                    </Button>
                  )}
                </div>
              </Card>
              <Card title={t('referralsEarned', { total: formatCents(format, d.totalCreditCents, 'USD') })} flush>
                <Table
                  caption={t('referralsList')}
                  empty={t('noReferrals')}
                  columns={[
                    { key: 'date', header: t('colDate') },
                    { key: 'status', header: t('colStatus') },
                    { key: 'credit', header: t('colCredit'), align: 'right' },
                  ]}
                  rows={d.referrals.map((r) => ({
                    id: r.id,
                    date: format.dateTime(new Date(r.createdAt), { dateStyle: 'medium' }),
                    status: (
                      <span title={r.status === 'credited' ? undefined : tx('referralPendingHint')}>
                        <Badge variant={r.status === 'credited' ? 'success' : 'neutral'}>
                          {r.status === 'credited' ? t('referralCredited') : t('referralPending')}
                        </Badge>
                      </span>
                    ),
                    credit: formatCents(format, r.creditCents, 'USD'),
                  }))}
                />
                {/* Credits are a record here: no invoice deducts them yet, and the screen says so. */}
                <p className={styles.muted}>{tx('referralCreditNote')}</p>
              </Card>
            </div>
          )}
        </Loaded>
      </PageBody>
    </Page>
  )
}
