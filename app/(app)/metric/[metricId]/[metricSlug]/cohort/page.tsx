import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WithCurrency } from '@/components/insights/company-currency-view'
import { MetricCohortScreen } from '@/components/insights/metric-cohort-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('metricCohortTitle') }
}

export default async function MetricCohortPage({ params }: { params: Promise<{ metricId: string }> }) {
  const { metricId } = await params
  return (
    <RouteScreen>
      <WithCurrency>{(currency) => <MetricCohortScreen metricId={metricId} currency={currency} />}</WithCurrency>
    </RouteScreen>
  )
}
