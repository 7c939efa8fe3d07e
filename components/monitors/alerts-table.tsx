'use client'
// An alert history: when raised and resolved, the value against the threshold, the message.
import type { ReactNode } from 'react'
import { useTranslations, useFormatter } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { formatMonitorValue } from './monitor-format'

export interface AlertLine {
  id: string
  kind: string
  value: number
  threshold: number
  message: string
  raisedAt: string
  resolvedAt: string | null
  notifiedAt: string | null
  monitor?: ReactNode
}

export function AlertsTable({ alerts }: { alerts: AlertLine[] }) {
  const t = useTranslations('monitors')
  const format = useFormatter()
  const when = (s: string | null) =>
    s ? format.dateTime(new Date(s), { dateStyle: 'medium', timeStyle: 'short' }) : '–'
  const withMonitor = alerts.some((a) => a.monitor)
  return (
    <Table
      caption={t('alertsTitle')}
      columns={[
        ...(withMonitor ? [{ key: 'monitor', header: t('colMonitor') }] : []),
        { key: 'raised', header: t('colRaised') },
        { key: 'state', header: t('colState') },
        { key: 'value', header: t('colValue'), align: 'right' as const },
        { key: 'threshold', header: t('colThreshold'), align: 'right' as const },
        { key: 'notified', header: t('colNotified') },
      ]}
      rows={alerts.map((a) => ({
        id: a.id,
        monitor: a.monitor,
        raised: when(a.raisedAt),
        state: a.resolvedAt ? (
          <Badge variant="success">{t('resolvedAt', { at: when(a.resolvedAt) })}</Badge>
        ) : (
          <Badge variant="danger">{t('open')}</Badge>
        ),
        value: formatMonitorValue(a.kind, a.value),
        threshold: formatMonitorValue(a.kind, a.threshold),
        notified: when(a.notifiedAt),
      }))}
      empty={t('noAlerts')}
    />
  )
}
