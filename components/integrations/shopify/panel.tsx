'use client'
// /integration/shopify: connect a shop, or, once connected, its state (status, test, last sync,
// last event, last error, webhooks), the historical sync with its progress, the two settings
// (write consent back, push coupons) and disconnect. Polls while a sync runs.
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
import { ConnectForm } from './connect-form'
import { SyncCard } from './sync-card'
import { shopifyApi, type ShopifyStatus } from './shopify-api'
import styles from './shopify.module.css'

export default function IntegrationPanel({ integrationKey }: { integrationKey: string }) {
  const t = useTranslations('integrations.shopify')
  const { data, error, mutate } = useSWR(['integration', integrationKey], () => shopifyApi.status(), {
    refreshInterval: (d?: ShopifyStatus) => (d?.sync.running ? 2000 : 0),
  })
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null)
  const [testing, setTesting] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  const set = (s: ShopifyStatus) => void mutate(s, { revalidate: false })
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : t('never'))

  async function run<T>(fn: () => Promise<T>, after: (v: T) => void) {
    setBusy(true)
    setActionError(null)
    try {
      after(await fn())
    } catch {
      setActionError(t('actionError'))
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
        {data && !c && <ConnectForm onConnected={set} />}
        {data && c && (
          <div className={styles.stack}>
            <Card>
              <div className={styles.headRow}>
                <div>
                  <h2 className={styles.heading}>{c.shopName ?? c.shop}</h2>
                  <p className={styles.muted}>{c.shop}</p>
                </div>
                <div className={styles.badges}>
                  {c.isTest && <Badge variant="warning">{t('testConnection')}</Badge>}
                  <Badge variant={c.status === 'connected' ? 'success' : c.status === 'error' ? 'danger' : 'info'}>
                    {t(`status.${c.status}` as 'status.connected')}
                  </Badge>
                  {test && (
                    <Badge variant={test.ok ? 'success' : 'danger'}>{test.ok ? t('testOk') : t('testFailed')}</Badge>
                  )}
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
              {test && !test.ok && <Notification variant="error">{test.message}</Notification>}
              <div className={styles.footer}>
                <Button
                  loading={testing}
                  data-testid="shopify-test"
                  onClick={async () => {
                    setTesting(true)
                    try {
                      setTest(await shopifyApi.test())
                      void mutate()
                    } catch {
                      setTest({ ok: false, message: t('actionError') })
                    } finally {
                      setTesting(false)
                    }
                  }}
                >
                  {t('test')}
                </Button>
                <Button variant="danger" onClick={() => setConfirm(true)} data-testid="shopify-disconnect">
                  {t('disconnect')}
                </Button>
              </div>
            </Card>
            <SyncCard status={data} onChange={set} />
            <Card>
              <h2 className={styles.heading}>{t('settingsTitle')}</h2>
              {(
                [
                  { k: 'writeBackConsent', label: t('writeBackConsentLabel'), help: t('writeBackConsentHelp') },
                  { k: 'pushCoupons', label: t('pushCouponsLabel'), help: t('pushCouponsHelp') },
                ] as const
              ).map(({ k, label, help }) => (
                <label key={k} className={styles.toggle}>
                  <input
                    type="checkbox"
                    checked={c.settings[k]}
                    disabled={busy}
                    onChange={(e) => run(() => shopifyApi.settings({ [k]: e.target.checked }), set)}
                  />
                  <span>
                    <strong>{label}</strong>
                    <span className={styles.muted}>{help}</span>
                  </span>
                </label>
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
                data-testid="shopify-disconnect-confirm"
                onClick={() =>
                  run(
                    () => shopifyApi.disconnect(),
                    (s) => {
                      set(s)
                      setConfirm(false)
                      setTest(null)
                    },
                  )
                }
              >
                {t('disconnect')}
              </Button>
            </>
          }
        >
          <p>{t('disconnectBody', { shop: c?.shop ?? '' })}</p>
        </Modal>
      </PageBody>
    </Page>
  )
}
