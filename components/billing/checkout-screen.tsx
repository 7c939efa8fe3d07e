'use client'
// /settings/billing/checkout/{planKey}: the plan and its price, then Stripe's Checkout page; or,
// where the operator takes no online payments, who assigns plans.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useBilling, type Plan } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { formatCents } from './money'
import styles from './billing.module.css'

export function CheckoutScreen({ planKey }: { planKey: string }) {
  const t = useTranslations('billing')
  const q = useBilling<{ plan: Plan }>(`/ajax/billing/plans/${encodeURIComponent(planKey)}`)
  const missing = readHttpFailure(q.error).status === 404
  return (
    <Page>
      <PageHead title={t('checkoutTitle')} />
      <PageBody>
        <BillingTabs current="checkout" />
        {missing ? (
          <EmptyState
            heading={t('noSuchPlan')}
            actions={<LinkButton href="/settings/billing/email-plans">{t('seePlans')}</LinkButton>}
          />
        ) : (
          <Loaded data={q.data} error={q.error} retry={() => void q.mutate()}>
            {(d) => <Checkout plan={d.plan} />}
          </Loaded>
        )}
      </PageBody>
    </Page>
  )
}

function Checkout({ plan }: { plan: Plan }) {
  const t = useTranslations('billing')
  const format = useFormatter()
  const canWrite = usePermission('billing_write')
  const [busy, setBusy] = useState(false)
  const [manual, setManual] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function pay() {
    setBusy(true)
    setError(null)
    try {
      const r = await http.post<{ mode: 'stripe'; url: string } | { mode: 'manual' }>('/ajax/billing/checkout', {
        planKey: plan.key,
      })
      if (r.data.mode === 'stripe') window.location.assign(r.data.url)
      else setManual(true)
    } catch (e) {
      const f = readHttpFailure(e)
      setError(f.fieldErrors.planKey ?? f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title={plan.name}>
      <div className={styles.stack}>
        <p className={styles.figure}>{t('perMonth', { price: formatCents(format, plan.priceCents, plan.currency) })}</p>
        <p className={styles.muted}>
          {plan.channel === 'sms'
            ? t('smsLimits', { credits: format.number(plan.smsCredits ?? 0), country: plan.country ?? '' })
            : t('emailLimits', {
                profiles: format.number(plan.activeProfilesLimit ?? 0),
                sends: format.number(plan.monthlySendsLimit ?? 0),
              })}
        </p>
        {error && <Notification variant="error">{error}</Notification>}
        {manual && <Notification variant="info">{t('manualPayments')}</Notification>}
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => void pay()} disabled={!canWrite || busy || !plan.active}>
            {t('continueToPayment')}
          </Button>
          <LinkButton href="/settings/billing/manage-subscription" variant="tertiary">
            {t('billingDetails')}
          </LinkButton>
        </div>
      </div>
    </Card>
  )
}
