'use client'
// /settings/billing/preferences: the billing email (usage warnings and invoices go there; the
// owners when none) and the auto-upgrade consents per channel.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { mutate as refresh } from 'swr'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import { BILLING, useBilling, type BillingPackage } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { AutoUpgradeToggle } from './auto-upgrade-toggle'
import styles from './billing.module.css'

export function BillingPreferencesScreen() {
  const t = useTranslations('billing')
  const pkg = useBilling<BillingPackage>(BILLING.package)
  return (
    <Page>
      <PageHead title={t('preferencesTitle')} description={t('preferencesDescription')} />
      <PageBody>
        <BillingTabs current="preferences" />
        <Loaded data={pkg.data} error={pkg.error} retry={() => void pkg.mutate()}>
          {(p) => (
            <div className={styles.stack}>
              <Card title={t('billingEmail')}>
                <BillingEmailForm initial={p.subscription.billingEmail ?? ''} />
              </Card>
              <Card title={t('autoUpgradeTitle')}>
                <p className={styles.muted}>{t('autoUpgradeHelp')}</p>
                <div className={styles.stack}>
                  <AutoUpgradeToggle channel="email" enabled={p.subscription.autoUpgrade.emailEnabled} />
                  <AutoUpgradeToggle channel="sms" enabled={p.subscription.autoUpgrade.smsEnabled} />
                </div>
              </Card>
            </div>
          )}
        </Loaded>
      </PageBody>
    </Page>
  )
}

function BillingEmailForm({ initial }: { initial: string }) {
  const t = useTranslations('billing')
  const toast = useToast()
  const canWrite = usePermission('billing_write')
  const [value, setValue] = useState(initial)
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  async function save(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await http.post('/ajax/billing/email/update', { billingEmail: value })
      await refresh(BILLING.package)
      toast.show({ variant: 'success', content: t('billingEmailSaved') })
    } catch (err) {
      // The endpoint answers 200 or 400 only: anything else is a failure without field errors.
      const f = readHttpFailure(err)
      setError(f.status === 400 ? (f.fieldErrors.billingEmail ?? f.message ?? t('saveError')) : t('saveError'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className={styles.form} onSubmit={(e) => void save(e)} noValidate>
      <TextField
        name="billingEmail"
        type="email"
        label={t('billingEmail')}
        hint={t('billingEmailHint')}
        value={value}
        error={error}
        disabled={!canWrite}
        onChange={(e) => setValue(e.target.value)}
      />
      {canWrite && (
        <Button type="submit" variant="primary" disabled={busy}>
          {t('save')}
        </Button>
      )}
    </form>
  )
}
