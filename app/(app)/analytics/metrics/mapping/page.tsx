import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MetricMappingScreen } from '@/components/insights/metric-mapping-screen'
import { WithResource } from '@/components/insights/with-resources'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('mappingTitle') }
}

export default function MetricMappingPage() {
  return (
    <RouteScreen>
      <WithResource resource="custom_metrics_write">
        {(canWrite) => <MetricMappingScreen canWrite={canWrite} />}
      </WithResource>
    </RouteScreen>
  )
}
