'use client'
// /analytics/report/{id}/history: the report's runs, newest first, each with its CSV once complete.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { csvUrl, useAnalytics, type RunView } from './analytics-api'
import styles from './analytics.module.css'

export function ReportHistory({ reportId }: { reportId: string }) {
  const t = useTranslations('analytics')
  const format = useFormatter()
  const { data, error } = useAnalytics<{ runs: RunView[] }>(`/ajax/analytics/reports/${reportId}/runs`)
  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  return (
    <div className={styles.stack}>
      <Link href={`/analytics/report/${reportId}`}>{t('backToReport')}</Link>
      <Table
        columns={[
          { key: 'at', header: t('runAt') },
          { key: 'trigger', header: t('trigger') },
          { key: 'status', header: t('status') },
          { key: 'csv', header: t('download') },
        ]}
        rows={data.runs.map((r) => ({
          id: r.id,
          at: format.dateTime(new Date(r.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
          trigger: t(`triggerName.${r.trigger === 'schedule' ? 'schedule' : 'manual'}`),
          status: t(`statusName.${r.status}`),
          csv: r.status === 'complete' ? <a href={csvUrl(r.id)}>{t('exportCsv')}</a> : '—',
        }))}
        empty={t('noRuns')}
      />
    </div>
  )
}
