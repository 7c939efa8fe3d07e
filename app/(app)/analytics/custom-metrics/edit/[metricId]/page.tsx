import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CustomMetricForm } from '@/components/insights/custom-metric-form'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('customMetricEditTitle') }
}

export default async function EditCustomMetricPage({ params }: { params: Promise<{ metricId: string }> }) {
  const { metricId } = await params
  return (
    <RouteScreen>
      <CustomMetricForm id={metricId} />
    </RouteScreen>
  )
}
