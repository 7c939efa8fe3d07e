'use client'
// /analytics/monitors/{id}: the rule, its recent windows as a chart against the threshold, and
// the alert history.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { useOps, deleteJson } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { MonitorResponse } from '@/app/ajax/monitors/[monitorId]/route'
import type { MonitorChartResponse } from '@/app/ajax/monitors/[monitorId]/chart/route'
import { MonitorChart } from './monitor-chart'
import { AlertsTable } from './alerts-table'
import { formatMonitorValue } from './monitor-format'
import styles from '@/components/deliverability/ops.module.css'

export function MonitorScreen({ monitorId }: { monitorId: string }) {
  const t = useTranslations('monitors')
  const router = useRouter()
  const base = `/ajax/monitors/${encodeURIComponent(monitorId)}`
  const { data, error, isLoading } = useOps<MonitorResponse>(base)
  const chart = useOps<MonitorChartResponse>(`${base}/chart`)
  const [deleteFailed, setDeleteFailed] = useState(false)
  if (!data)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          <LoadStates loading={isLoading} error={error} />
        </PageBody>
      </Page>
    )
  const m = data.monitor
  async function remove() {
    if (!window.confirm(t('deleteConfirm'))) return
    try {
      await deleteJson(base)
      router.push('/analytics/monitors')
    } catch {
      setDeleteFailed(true)
    }
  }
  return (
    <Page>
      <PageHead
        title={m.name}
        description={t('rule', {
          kind: t(`kind.${m.kind}`),
          comparator: t(`comparator.${m.comparator}`),
          threshold: formatMonitorValue(m.kind, m.threshold),
          minutes: m.windowMinutes,
        })}
        actions={
          <div className={styles.actions}>
            <LinkButton href={`/analytics/monitors/${m.id}/edit`}>{t('edit')}</LinkButton>
            <Button variant="danger" onClick={remove}>
              {t('delete')}
            </Button>
          </div>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {deleteFailed && <Notification variant="error">{t('saveError')}</Notification>}
          <div className={styles.actions}>
            {!m.enabled ? (
              <Badge>{t('disabled')}</Badge>
            ) : m.state === 'alerting' ? (
              <Badge variant="danger">{t('alerting')}</Badge>
            ) : (
              <Badge variant="success">{t('ok')}</Badge>
            )}
            <span className={styles.muted}>
              {t('notifies', {
                emails: m.notify.emails.length ? m.notify.emails.join(', ') : t('accountAdmins'),
                webhook: m.notify.webhookUrl ? 'yes' : 'no',
              })}
            </span>
          </div>
          <Card title={t('chartTitle')}>
            {chart.data ? (
              <MonitorChart
                kind={m.kind}
                threshold={m.threshold}
                points={chart.data.points}
                label={t(`kind.${m.kind}`)}
              />
            ) : (
              <LoadStates loading={chart.isLoading} error={chart.error} />
            )}
          </Card>
          <Card title={t('historyTitle')} flush>
            <AlertsTable alerts={data.alerts.map((a) => ({ ...a, kind: m.kind }))} />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
