'use client'
// /forms/{formId}/reports/overview: headline figures for a timeframe, the views and submits
// series (the metrics screen's chart), the per-step funnel and the per-version table.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { MetricChart } from '@/components/metrics/metric-chart'
import { ReportTabs } from './report-tabs'
import { HeadlineFigures } from './headline-figures'
import { StepFunnel } from './step-funnel'
import { VersionTable } from './version-table'
import { OVERVIEW_TIMEFRAMES, reportsApi, type FormOverviewResponse, type OverviewTimeframe } from './reports-api'
import styles from './reports.module.css'

export function FormReportOverviewScreen({ formId }: { formId: string }) {
  const t = useTranslations('formReports')
  const [timeframe, setTimeframe] = useState<OverviewTimeframe>('last_30_days')
  const { data, error } = useSWR(reportsApi.overviewKey(formId, timeframe), (url: string) =>
    reportsApi.get<FormOverviewResponse>(url),
  )
  return (
    <Page>
      <PageHead title={data ? t('overviewTitle', { name: data.form.name }) : t('overviewTab')} />
      <PageBody>
        <ReportTabs formId={formId} current="overview" />
        <div className={styles.toolbar}>
          <Select
            label={t('timeframe')}
            name="timeframe"
            value={timeframe}
            onChange={(e) => setTimeframe(e.target.value as OverviewTimeframe)}
            options={OVERVIEW_TIMEFRAMES.map((k) => ({ value: k, label: t(`timeframes.${k}`) }))}
          />
        </div>
        {error ? (
          <Notification variant="error" title={t('loadError')} />
        ) : !data ? (
          <Spinner label={t('loading')} />
        ) : (
          <OverviewBody data={data} />
        )}
      </PageBody>
    </Page>
  )
}

export function OverviewBody({ data }: { data: FormOverviewResponse }) {
  const t = useTranslations('formReports')
  const format = useFormatter()
  const nothing = data.headline.views === 0 && data.headline.submits === 0 && data.headline.closes === 0
  return (
    <div className={styles.stack}>
      <HeadlineFigures headline={data.headline} />
      {nothing ? (
        <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
      ) : (
        <Card title={t('chartTitle')}>
          <MetricChart
            dates={data.series.dates}
            granularity={data.interval}
            series={[
              { name: t('views'), values: data.series.views, isOther: false },
              { name: t('submits'), values: data.series.submits, isOther: false },
            ]}
            formatValue={(n, compact) => format.number(n, compact ? { notation: 'compact' } : undefined)}
            weekOf={(day) => t('weekOf', { day })}
          />
        </Card>
      )}
      <Card title={t('funnelTitle')}>
        <StepFunnel steps={data.funnel} />
      </Card>
      <Card title={t('versionsTitle')} flush>
        <VersionTable versions={data.versions} />
      </Card>
    </div>
  )
}
