'use client'
// /integration/woocommerce: connect a store, or, once connected, its state (status, last sync,
// last event, webhooks, last error), the historical sync with a progress bar per resource (polled
// while it runs) and disconnect with a confirm.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Modal } from '@/components/ui/modal'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { TextField } from '@/components/ui/text-field'
import { readHttpFailure } from '@/components/auth/http-failure'
import { WooConnectForm } from './connect-form'
import { wooApi, type WooStatus } from './woo-api'
import styles from './woocommerce.module.css'

export default function IntegrationPanel({ integrationKey }: { integrationKey: string }) {
  const t = useTranslations('integrations.woocommerce')
  const { data, error, mutate } = useSWR(['integration', integrationKey], () => wooApi.status(), {
    refreshInterval: (d?: WooStatus) => (d?.sync.running ? 2000 : 0),
  })
  const [days, setDays] = useState<string | null>(null)
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  const set = (s: WooStatus) => void mutate(s, { revalidate: false })
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : t('never'))

  async function run(fn: () => Promise<WooStatus>, after?: () => void) {
    setBusy(true)
    setActionError(null)
    try {
      set(await fn())
      after?.()
    } catch (err) {
      const f = readHttpFailure(err)
      setActionError(f.fieldErrors.days ?? f.message ?? t('actionError'))
    } finally {
      setBusy(false)
    }
  }

  const c = data?.connection
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {!data && !error && <Spinner />}
        {data && !c && <WooConnectForm onConnected={set} />}
        {data && c && (
          <div className={styles.stack}>
            <Card>
              <div className={styles.headRow}>
                <h2 className={styles.heading}>{c.store}</h2>
                <div className={styles.badges}>
                  {c.isTest && <Badge variant="warning">{t('testConnection')}</Badge>}
                  <Badge variant={c.status === 'connected' ? 'success' : c.status === 'error' ? 'danger' : 'info'}>
                    {t(`status.${c.status}` as 'status.connected')}
                  </Badge>
                </div>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('lastSync')}</dt>
                  <dd>{date(c.lastSyncAt)}</dd>
                </div>
                <div>
                  <dt>{t('lastEvent')}</dt>
                  <dd>{date(c.lastEventAt)}</dd>
                </div>
                <div>
                  <dt>{t('webhooks')}</dt>
                  <dd>{t('webhooksCount', { registered: c.webhooksRegistered, expected: c.webhooksExpected })}</dd>
                </div>
              </dl>
              {c.lastError && (
                <Notification variant="error" title={t('lastError')}>
                  {c.lastError}
                </Notification>
              )}
              <div className={styles.footer}>
                <Button variant="danger" onClick={() => setConfirm(true)} data-testid="woo-disconnect">
                  {t('disconnect')}
                </Button>
              </div>
            </Card>
            <Card>
              <h2 className={styles.heading}>{t('syncTitle')}</h2>
              <p className={styles.muted}>{t('syncHelp')}</p>
              <div className={styles.inline}>
                <TextField
                  label={t('syncDays')}
                  name="days"
                  type="number"
                  min={1}
                  max={3650}
                  value={days ?? String(c.syncDays)}
                  onChange={(e) => setDays(e.target.value)}
                />
                <Button
                  variant="primary"
                  loading={busy}
                  disabled={data.sync.running}
                  data-testid="woo-sync-start"
                  onClick={() => run(() => wooApi.sync(Number(days ?? c.syncDays)))}
                >
                  {t('syncStart')}
                </Button>
              </div>
              {data.sync.resources.length > 0 && (
                <ul className={styles.progressList} aria-label={t('syncProgress')}>
                  {data.sync.resources.map((r) => {
                    const pct = r.total
                      ? Math.min(100, Math.round((r.processed / r.total) * 100))
                      : r.status === 'complete'
                        ? 100
                        : 0
                    const label = t(`resource.${r.resource}` as 'resource.orders')
                    return (
                      <li key={r.resource} className={styles.progressRow}>
                        <span>{label}</span>
                        <div
                          className={styles.bar}
                          role="progressbar"
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={pct}
                          aria-label={label}
                        >
                          <div className={styles.barFill} style={{ width: `${pct}%` }} />
                        </div>
                        <span className={styles.muted}>
                          {t('processedOf', { processed: r.processed, total: r.total ?? '…' })}
                        </span>
                        <Badge
                          variant={r.status === 'complete' ? 'success' : r.status === 'failed' ? 'danger' : 'info'}
                        >
                          {t(`syncStatus.${r.status}` as 'syncStatus.queued')}
                        </Badge>
                      </li>
                    )
                  })}
                </ul>
              )}
              {data.sync.resources
                .filter((r) => r.error)
                .map((r) => (
                  <Notification key={r.resource} variant="error">
                    {r.error}
                  </Notification>
                ))}
              {actionError && <Notification variant="error">{actionError}</Notification>}
            </Card>
          </div>
        )}
        <Modal
          open={confirm}
          title={t('disconnectTitle')}
          onClose={() => setConfirm(false)}
          footer={
            <>
              <Button variant="tertiary" onClick={() => setConfirm(false)}>
                {t('cancel')}
              </Button>
              <Button
                variant="danger"
                loading={busy}
                data-testid="woo-disconnect-confirm"
                onClick={() =>
                  run(
                    () => wooApi.disconnect(),
                    () => setConfirm(false),
                  )
                }
              >
                {t('disconnect')}
              </Button>
            </>
          }
        >
          <p>{t('disconnectBody', { store: c?.store ?? '' })}</p>
        </Modal>
      </PageBody>
    </Page>
  )
}
