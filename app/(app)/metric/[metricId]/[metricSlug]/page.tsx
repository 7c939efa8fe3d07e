import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MetricView } from '@/components/metrics/metric-view'

export async function generateMetadata() {
  return { title: (await getTranslations('metricsScreens'))('metricPageTitle') }
}

export default async function MetricPage({ params }: { params: Promise<{ metricId: string }> }) {
  const { metricId } = await params
  return (
    <RouteScreen>
      <MetricView metricId={metricId} />
    </RouteScreen>
  )
}
