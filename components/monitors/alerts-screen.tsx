'use client'
// /analytics/monitors/alerts: every alert of the account's monitors, open or resolved.
import { useState } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { MonitorAlertsResponse } from '@/app/ajax/monitors/alerts/route'
import { MonitorsNav } from './monitors-nav'
import { AlertsTable } from './alerts-table'
import styles from '@/components/deliverability/ops.module.css'

export function AlertsScreen() {
  const t = useTranslations('monitors')
  const [status, setStatus] = useState('all')
  const [page, setPage] = useState(1)
  const { data, error, isLoading } = useOps<MonitorAlertsResponse>('/ajax/monitors/alerts', { status, page })
  return (
    <Page>
      <PageHead title={t('alertsTitle')} description={t('description')} />
      <PageBody>
        <MonitorsNav current="alerts" />
        <div className={styles.stack}>
          <div className={styles.row}>
            <Select
              label={t('colState')}
              name="status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value)
                setPage(1)
              }}
              options={[
                { value: 'all', label: t('allAlerts') },
                { value: 'open', label: t('openAlerts') },
                { value: 'resolved', label: t('resolvedAlerts') },
              ]}
            />
          </div>
          {!data ? (
            <LoadStates loading={isLoading} error={error} />
          ) : (
            <Card flush>
              <AlertsTable
                alerts={data.alerts.map((a) => ({
                  ...a,
                  monitor: <Link href={`/analytics/monitors/${a.monitorId}`}>{a.monitorName}</Link>,
                  kind: a.monitorKind,
                }))}
              />
              <div className={styles.actions}>
                <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('previous')}
                </Button>
                <Button
                  variant="secondary"
                  size="small"
                  disabled={page * 25 >= data.total}
                  onClick={() => setPage(page + 1)}
                >
                  {t('next')}
                </Button>
              </div>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
