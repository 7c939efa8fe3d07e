'use client'
// /metric/{id}/{slug}/cohort: the cohort triangle of any metric (first time a profile did it,
// then whether it did it again in each later month).
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { CohortTab } from './cohort-tab'

export function MetricCohortScreen({ metricId, currency }: { metricId: string; currency: string }) {
  const t = useTranslations('insights')
  return (
    <Page>
      <PageHead title={t('metricCohortTitle')} />
      <PageBody>
        <CohortTab currency={currency} metricId={metricId} />
      </PageBody>
    </Page>
  )
}
