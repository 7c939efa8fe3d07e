'use client'
// The historical sync: how many days back, start, and a progress bar per resource while it runs
// (the panel polls the status meanwhile).
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { shopifyApi, type ShopifyStatus } from './shopify-api'
import styles from './shopify.module.css'

export function SyncCard({ status, onChange }: { status: ShopifyStatus; onChange: (s: ShopifyStatus) => void }) {
  const t = useTranslations('integrations.shopify')
  const [days, setDays] = useState(String(status.connection?.settings.syncDays ?? 90))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function start() {
    setBusy(true)
    setError(null)
    try {
      onChange(await shopifyApi.sync(Number(days)))
    } catch (err) {
      const f = readHttpFailure(err)
      setError(f.fieldErrors.days ?? f.message ?? t('syncError'))
    } finally {
      setBusy(false)
    }
  }

  return (
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
          value={days}
          error={error ?? undefined}
          onChange={(e) => setDays(e.target.value)}
        />
        <Button
          variant="primary"
          onClick={start}
          loading={busy}
          disabled={status.sync.running}
          data-testid="shopify-sync-start"
        >
          {t('syncStart')}
        </Button>
      </div>
      {status.sync.resources.length > 0 && (
        <ul className={styles.progressList} aria-label={t('syncProgress')}>
          {status.sync.resources.map((r) => {
            const pct = r.total
              ? Math.min(100, Math.round((r.processed / r.total) * 100))
              : r.status === 'complete'
                ? 100
                : 0
            return (
              <li key={r.resource} className={styles.progressRow}>
                <span className={styles.progressLabel}>{t(`resource.${r.resource}` as 'resource.orders')}</span>
                <div
                  className={styles.bar}
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={pct}
                  aria-label={t(`resource.${r.resource}` as 'resource.orders')}
                >
                  <div className={styles.barFill} style={{ width: `${pct}%` }} />
                </div>
                <span className={styles.progressCount}>
                  {t('processedOf', { processed: r.processed, total: r.total ?? '…' })}
                </span>
                <Badge variant={r.status === 'complete' ? 'success' : r.status === 'failed' ? 'danger' : 'info'}>
                  {t(`syncStatus.${r.status}` as 'syncStatus.queued')}
                </Badge>
              </li>
            )
          })}
        </ul>
      )}
      {status.sync.resources
        .filter((r) => r.error)
        .map((r) => (
          <Notification key={r.resource} variant="error">
            {r.error}
          </Notification>
        ))}
    </Card>
  )
}
