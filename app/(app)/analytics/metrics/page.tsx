import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MetricsListView } from '@/components/metrics/metrics-list-view'

export async function generateMetadata() {
  return { title: (await getTranslations('metricsScreens'))('listTitle') }
}

export default function MetricsPage() {
  return (
    <RouteScreen>
      <MetricsListView />
    </RouteScreen>
  )
}
