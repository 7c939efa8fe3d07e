'use client'
// /settings/billing/create-your-plan: an email tier and an SMS tier picked together, with the
// monthly total, each then paid through its own checkout.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Select } from '@/components/ui/select'
import { LinkButton } from '@/components/ui/button'
import { usePermission } from '@/lib/client/shell-context'
import { BILLING, useBilling, type PlanManagement } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { formatCents } from './money'
import styles from './billing.module.css'

export function CreateYourPlanScreen() {
  const t = useTranslations('billing')
  const q = useBilling<PlanManagement>(BILLING.plans)
  return (
    <Page>
      <PageHead title={t('createTitle')} description={t('createDescription')} />
      <PageBody>
        <BillingTabs current="create-your-plan" />
        <Loaded data={q.data} error={q.error} retry={() => void q.mutate()}>
          {(d) => <Builder data={d} />}
        </Loaded>
      </PageBody>
    </Page>
  )
}

function Builder({ data }: { data: PlanManagement }) {
  const t = useTranslations('billing')
  const format = useFormatter()
  const canWrite = usePermission('billing_write')
  const [email, setEmail] = useState(data.current.email)
  const [sms, setSms] = useState(data.current.sms)
  const emailPlan = data.emailPlans.find((p) => p.key === email)
  const smsPlan = data.smsPlans.find((p) => p.key === sms)
  const currency = emailPlan?.currency ?? 'USD'
  const total = (emailPlan?.priceCents ?? 0) + (smsPlan?.priceCents ?? 0)
  const label = (name: string, cents: number, cur: string) =>
    cents ? `${name} — ${t('perMonth', { price: formatCents(format, cents, cur) })}` : `${name} — ${t('free')}`
  const checkout = (key: string, current: string) =>
    canWrite && key !== current ? (
      <LinkButton href={`/settings/billing/checkout/${encodeURIComponent(key)}`} size="small">
        {t('checkoutThis')}
      </LinkButton>
    ) : null
  return (
    <Card title={t('yourPlan')}>
      <div className={styles.form}>
        <Select
          label={t('emailPlan')}
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          options={data.emailPlans.map((p) => ({ value: p.key, label: label(p.name, p.priceCents, p.currency) }))}
        />
        {checkout(email, data.current.email)}
        <Select
          label={t('smsPlan')}
          name="sms"
          value={sms}
          onChange={(e) => setSms(e.target.value)}
          options={data.smsPlans.map((p) => ({ value: p.key, label: label(p.name, p.priceCents, p.currency) }))}
        />
        {checkout(sms, data.current.sms)}
        <p className={styles.figure} data-testid="plan-total">
          {t('monthlyTotalIs', { total: formatCents(format, total, currency) })}
        </p>
      </div>
    </Card>
  )
}
