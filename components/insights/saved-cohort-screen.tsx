'use client'
// /customer-insights/cohort/{reportId}: a saved cohort report and its current results.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { ChartIcon } from '@/components/ui/icons'
import { isHttpError } from '@/lib/client/http'
import { CohortTriangle } from './cohort-triangle'
import { useInsight, type CohortResult, type SavedCohort } from './insights-api'
import styles from './insights.module.css'

export function SavedCohortScreen({ reportId, currency }: { reportId: string; currency: string }) {
  const t = useTranslations('insights')
  const { data, error, isLoading } = useInsight<{ report: SavedCohort; result: CohortResult }>(
    `/ajax/insights/cohort-reports/${encodeURIComponent(reportId)}`,
  )
  const missing = error && isHttpError(error) && error.status === 404
  return (
    <Page>
      <PageHead
        title={data?.report.name ?? t('savedReportTitle')}
        description={<Link href="/customer-insights/cohort">{t('backToCohorts')}</Link>}
      />
      <PageBody>
        {missing && <EmptyState image={<ChartIcon size={28} />} heading={t('reportNotFound')} />}
        {error && !missing && <Notification variant="error">{t('loadError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <div className={styles.stack}>
            <p className={styles.note}>
              {t('cohortIntro', { metric: data.result.metric?.name ?? '' })}{' '}
              {t('monthsOption', { count: data.report.definition.months })}
            </p>
            <Card flush>
              <CohortTriangle result={data.result} currency={currency} />
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
