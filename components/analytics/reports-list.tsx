'use client'
// /analytics/reports and /report-builder: the saved reports the user can see, with the ways to a new one.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { ChartIcon } from '@/components/ui/icons'
import { useAnalytics, type SavedReport } from './analytics-api'
import styles from './analytics.module.css'

export function ReportsList() {
  const t = useTranslations('analytics')
  const format = useFormatter()
  const { data, error } = useAnalytics<{ reports: SavedReport[] }>('/ajax/analytics/reports')
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <LinkButton variant="primary" href="/report-builder/create" data-testid="new-report">
          {t('newReport')}
        </LinkButton>
        <LinkButton href="/analytics/reports/library">{t('library')}</LinkButton>
      </div>
      {error && <Notification variant="error">{t('loadError')}</Notification>}
      {!data && !error && (
        <div className={styles.centered}>
          <Spinner size="large" />
        </div>
      )}
      {data && data.reports.length === 0 && (
        <EmptyState image={<ChartIcon size={28} />} heading={t('noReports')} body={t('noReportsBody')} />
      )}
      {data && data.reports.length > 0 && (
        <Table
          columns={[
            { key: 'name', header: t('reportName') },
            { key: 'schedule', header: t('schedule') },
            { key: 'shared', header: t('sharing') },
            { key: 'updated', header: t('updated') },
          ]}
          rows={data.reports.map((r) => ({
            id: r.id,
            name: <Link href={`/analytics/report/${r.id}`}>{r.name}</Link>,
            schedule: t(`scheduleName.${r.schedule}`),
            shared: r.shared ? t('shared') : t('private'),
            updated: format.dateTime(new Date(r.updatedAt), { dateStyle: 'medium' }),
          }))}
        />
      )}
    </div>
  )
}
