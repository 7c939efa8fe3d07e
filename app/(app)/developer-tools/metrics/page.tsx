import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MetricsScreen } from '@/components/developer-tools/metrics-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('developerTools'))('metricsTitle') }
}

export default function DeveloperToolsMetricsPage() {
  return (
    <RouteScreen>
      <MetricsScreen />
    </RouteScreen>
  )
}
