'use client'
// /settings/data: each data setting with its state — event retention (off by default; the
// period, what the daily job deletes, how many events are older than the period now, the last
// purge), the account export for owners (a CSV set into their downloads), and where profile
// deletion lives (profile maintenance here, deletion requests through the API).
import { useState } from 'react'
import useSWR from 'swr'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { EventRetentionResponse } from '@/lib/data-settings/event-retention'
import type { listAccountExports } from '@/lib/data-settings/account-export'
import styles from './settings.module.css'

const KEY = '/ajax/account/data-settings'
const PERIODS = [90, 180, 365, 730, 1095, 1825]

interface DataSettingsResponse {
  retention: EventRetentionResponse
  canEditRetention: boolean
  canExport: boolean
  exports: Awaited<ReturnType<typeof listAccountExports>>
}

export function DataSettingsScreen() {
  const t = useTranslations('dataPlatform')
  const format = useFormatter()
  const toast = useToast()
  const { data, error, mutate } = useSWR(KEY, (u: string) => http.get<DataSettingsResponse>(u).then((r) => r.data), {
    // An export in progress is polled until its files are ready.
    refreshInterval: (d) => (d?.exports.some((e) => e.status !== 'complete' && e.status !== 'failed') ? 3000 : 0),
  })
  // The form starts from the saved values; a draft exists only once the user changes something.
  const [draft, setDraft] = useState<{ enabled: boolean; days: number } | null>(null)
  const enabled = draft?.enabled ?? data?.retention.enabled ?? false
  const days = draft?.days ?? data?.retention.eventRetentionDays ?? 730
  const setEnabled = (v: boolean) => setDraft({ enabled: v, days })
  const setDays = (v: number) => setDraft({ enabled, days: v })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function saveRetention() {
    setBusy(true)
    setFailure(null)
    try {
      await http.put(`${KEY}/retention`, { enabled, eventRetentionDays: days })
      toast.show({ variant: 'success', content: t('data.saved') })
      await mutate()
      setDraft(null)
    } catch (err) {
      const f = readHttpFailure(err)
      setFailure(f.fieldErrors.eventRetentionDays ?? f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  async function startExport() {
    try {
      await http.post(`${KEY}/export`)
      toast.show({ variant: 'success', content: t('data.exportQueued') })
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
    }
  }

  const r = data?.retention
  const periods = PERIODS.includes(days) ? PERIODS : [...PERIODS, days].sort((a, b) => a - b)
  return (
    <Page>
      <PageHead title={t('data.title')} description={t('data.description')} />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && <Spinner size="large" label={t('loading')} />}
          {data && r && (
            <Card
              title={
                <span>
                  {t('data.retentionTitle')}{' '}
                  {r.enabled ? <Badge variant="success">{t('data.on')}</Badge> : <Badge>{t('data.off')}</Badge>}
                </span>
              }
            >
              <p className={styles.description}>{t('data.retentionWhat')}</p>
              <p className={styles.description}>
                {t('data.retentionCounts', {
                  older: format.number(r.eventsOlderThanPeriod),
                  total: format.number(r.eventsTotal),
                  days: r.eventRetentionDays,
                })}
              </p>
              <p className={styles.description}>
                {r.lastPurgeAt
                  ? t('data.lastPurge', {
                      count: r.lastPurgedCount,
                      date: format.dateTime(new Date(r.lastPurgeAt), { dateStyle: 'medium', timeStyle: 'short' }),
                    })
                  : t('data.neverPurged')}
              </p>
              {failure && <Notification variant="error">{failure}</Notification>}
              {data.canEditRetention ? (
                <div className={styles.stack}>
                  <label>
                    <input
                      type="checkbox"
                      name="retentionEnabled"
                      checked={enabled}
                      onChange={(e) => setEnabled(e.target.checked)}
                      data-testid="retention-enabled"
                    />{' '}
                    {t('data.retentionEnable')}
                  </label>
                  <Select
                    label={t('data.period')}
                    name="eventRetentionDays"
                    value={String(days)}
                    onChange={(e) => setDays(Number(e.target.value))}
                    options={periods.map((d) => ({ value: String(d), label: t('data.days', { count: d }) }))}
                    data-testid="retention-period"
                  />
                  <div>
                    <Button
                      variant="primary"
                      loading={busy}
                      onClick={() => void saveRetention()}
                      data-testid="retention-save"
                    >
                      {t('data.save')}
                    </Button>
                  </div>
                </div>
              ) : (
                <Notification variant="info">{t('data.readOnly')}</Notification>
              )}
            </Card>
          )}
          {data && (
            <Card
              title={t('data.exportTitle')}
              actions={
                data.canExport && (
                  <Button onClick={() => void startExport()} data-testid="account-export">
                    {t('data.exportStart')}
                  </Button>
                )
              }
            >
              <p className={styles.description}>{t('data.exportWhat')}</p>
              {!data.canExport && <Notification variant="info">{t('data.ownersOnly')}</Notification>}
              {data.exports.length > 0 && (
                <Table
                  caption={t('data.exportTitle')}
                  columns={[
                    { key: 'file', header: t('col.file') },
                    { key: 'status', header: t('col.status') },
                    { key: 'rows', header: t('col.rows'), align: 'right' },
                  ]}
                  rows={data.exports.map((e) => ({
                    id: e.id,
                    file: e.status === 'complete' ? <a href={e.fileUrl}>{e.fileName}</a> : e.fileName,
                    status:
                      e.status === 'complete' ? (
                        <Badge variant="success">{t('data.ready')}</Badge>
                      ) : (
                        <Badge>{t('data.preparing')}</Badge>
                      ),
                    rows: format.number(e.rowCount),
                  }))}
                />
              )}
            </Card>
          )}
          {data && (
            <Card title={t('data.privacyTitle')}>
              <p className={styles.description}>{t('data.privacyWhat')}</p>
              <Link href="/settings/other/profile-maintenance">{t('data.privacyLink')}</Link>
            </Card>
          )}
          {data && (
            <Card title={t('data.identityTitle')}>
              <p className={styles.description}>{t('data.identityWhat')}</p>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
