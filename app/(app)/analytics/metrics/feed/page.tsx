import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ActivityScreen } from '@/components/insights/activity-screen'
import { WithTimeZone } from '@/components/insights/zoned-view'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('metricsFeedTitle') }
}

export default function MetricsFeedPage() {
  return (
    <RouteScreen>
      <WithTimeZone>{(timeZone) => <ActivityScreen timeZone={timeZone} variant="metrics" />}</WithTimeZone>
    </RouteScreen>
  )
}
