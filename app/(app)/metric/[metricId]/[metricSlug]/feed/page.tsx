import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MetricFeedScreen } from '@/components/insights/metric-subpage-screens'
import { WithTimeZone } from '@/components/insights/zoned-view'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('metricFeedTitle') }
}

export default async function MetricFeedPage({
  params,
}: {
  params: Promise<{ metricId: string; metricSlug: string }>
}) {
  const { metricId, metricSlug } = await params
  return (
    <RouteScreen>
      <WithTimeZone>
        {(timeZone) => <MetricFeedScreen metricId={metricId} slug={metricSlug} timeZone={timeZone} />}
      </WithTimeZone>
    </RouteScreen>
  )
}
