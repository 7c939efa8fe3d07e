'use client'
// /cancel: what happens first — the date, the free plan's limits against this period's usage,
// the add-ons that end — then the cancellation at period end, which can be withdrawn until then.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { mutate as refresh } from 'swr'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { BILLING, useBilling, type CancellationPreview } from './billing-api'
import { Loaded } from './billing-states'
import styles from './billing.module.css'

export function CancelScreen() {
  const t = useTranslations('billing')
  const format = useFormatter()
  const canWrite = usePermission('billing_write')
  const q = useBilling<CancellationPreview>(BILLING.cancel)
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function submit(cancel: boolean) {
    setBusy(true)
    setError(null)
    try {
      await http.post(BILLING.cancel, { cancel })
      await Promise.all([q.mutate(), refresh(BILLING.package)])
      setConfirm(false)
    } catch (e) {
      setError(readHttpFailure(e).message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }
  const n = (v: number | null) => (v == null ? t('unlimited') : format.number(v))
  return (
    <Page>
      <PageHead title={t('cancelTitle')} />
      <PageBody>
        <Loaded data={q.data} error={q.error} retry={() => void q.mutate()}>
          {(d) => {
            const when = format.dateTime(new Date(d.effectiveAt), { dateStyle: 'long' })
            return (
              <div className={styles.stack}>
                {error && <Notification variant="error">{error}</Notification>}
                {d.cancelAtPeriodEnd ? (
                  <Notification variant="warning">{t('cancelScheduled', { date: when })}</Notification>
                ) : !d.isPaid ? (
                  <Notification variant="info">{t('nothingToCancel')}</Notification>
                ) : null}
                <Card title={t('consequencesTitle')}>
                  <ul className={styles.list} data-testid="cancel-consequences">
                    <li>{t('consequenceDate', { date: when })}</li>
                    <li>
                      {t('consequenceEmails', {
                        limit: n(d.after.monthlySendsLimit),
                        used: format.number(d.usage.emails.used),
                      })}
                    </li>
                    <li>
                      {t('consequenceProfiles', {
                        limit: n(d.after.activeProfilesLimit),
                        used: format.number(d.usage.activeProfiles.used),
                      })}
                    </li>
                    <li>{t('consequenceSms', { limit: n(d.after.smsCredits) })}</li>
                    {d.addonsLost.length > 0 && <li>{t('consequenceAddons', { addons: d.addonsLost.join(', ') })}</li>}
                  </ul>
                </Card>
                <div className={styles.actions}>
                  {d.cancelAtPeriodEnd ? (
                    <Button variant="primary" disabled={!canWrite || busy} onClick={() => void submit(false)}>
                      {t('keepPlan')}
                    </Button>
                  ) : confirm ? (
                    <>
                      <Button variant="danger" disabled={busy} onClick={() => void submit(true)}>
                        {t('confirmCancel', { date: when })}
                      </Button>
                      <Button variant="tertiary" onClick={() => setConfirm(false)}>
                        {t('back')}
                      </Button>
                    </>
                  ) : (
                    <Button variant="danger" disabled={!canWrite || !d.isPaid} onClick={() => setConfirm(true)}>
                      {t('cancelPlan')}
                    </Button>
                  )}
                  <LinkButton href="/settings/billing/overview" variant="tertiary">
                    {t('backToBilling')}
                  </LinkButton>
                </div>
              </div>
            )
          }}
        </Loaded>
      </PageBody>
    </Page>
  )
}
