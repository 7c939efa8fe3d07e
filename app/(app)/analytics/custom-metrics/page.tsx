import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CustomMetricsScreen } from '@/components/insights/custom-metrics-screen'
import { WithResource } from '@/components/insights/with-resources'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('customMetricsTitle') }
}

export default function CustomMetricsPage() {
  return (
    <RouteScreen>
      <WithResource resource="custom_metrics_write">
        {(canWrite) => <CustomMetricsScreen canWrite={canWrite} />}
      </WithResource>
    </RouteScreen>
  )
}
