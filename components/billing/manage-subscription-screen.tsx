'use client'
// /settings/billing/manage-subscription: the payment account (Stripe's customer portal when the
// operator takes payments online), the billing address and company information, and the way
// to cancel.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { BILLING, useBilling, type BillingPackage } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { BillingAddressForm } from './billing-address-form'
import styles from './billing.module.css'

export function ManageSubscriptionScreen() {
  const t = useTranslations('billing')
  const canWrite = usePermission('billing_write')
  const pkg = useBilling<BillingPackage>(BILLING.package)
  const [error, setError] = useState<string | null>(null)
  async function portal() {
    setError(null)
    try {
      const r = await http.post<{ url: string }>('/ajax/billing/portal', {})
      window.location.assign(r.data.url)
    } catch (e) {
      setError(readHttpFailure(e).message ?? t('saveError'))
    }
  }
  return (
    <Page>
      <PageHead title={t('manageTitle')} description={t('manageDescription')} />
      <PageBody>
        <BillingTabs current="manage-subscription" />
        <div className={styles.stack}>
          <Loaded data={pkg.data} error={pkg.error} retry={() => void pkg.mutate()}>
            {(p) => (
              <Card title={t('paymentAccount')}>
                {error && <Notification variant="error">{error}</Notification>}
                {p.paymentsProvider === 'stripe' ? (
                  p.subscription.hasPaymentMethod ? (
                    <Button onClick={() => void portal()} disabled={!canWrite}>
                      {t('openPortal')}
                    </Button>
                  ) : (
                    <p className={styles.muted}>{t('noPaymentAccount')}</p>
                  )
                ) : (
                  <p className={styles.muted}>{t('manualPayments')}</p>
                )}
              </Card>
            )}
          </Loaded>
          <Card title={t('invoiceDetails')}>
            <BillingAddressForm />
          </Card>
          {canWrite && (
            <Card title={t('cancelTitle')}>
              <p className={styles.muted}>{t('cancelHelp')}</p>
              <LinkButton href="/cancel" variant="danger">
                {t('cancelPlan')}
              </LinkButton>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
