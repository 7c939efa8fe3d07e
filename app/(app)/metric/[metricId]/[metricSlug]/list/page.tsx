import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MetricProfilesScreen } from '@/components/insights/metric-subpage-screens'
import { WithTimeZone } from '@/components/insights/zoned-view'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('metricProfilesHeading') }
}

export default async function MetricListPage({ params }: { params: Promise<{ metricId: string }> }) {
  const { metricId } = await params
  return (
    <RouteScreen>
      <WithTimeZone>{(timeZone) => <MetricProfilesScreen metricId={metricId} timeZone={timeZone} />}</WithTimeZone>
    </RouteScreen>
  )
}
