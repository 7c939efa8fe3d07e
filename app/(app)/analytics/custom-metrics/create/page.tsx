import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CustomMetricForm } from '@/components/insights/custom-metric-form'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('customMetricCreateTitle') }
}

export default function CreateCustomMetricPage() {
  return (
    <RouteScreen>
      <CustomMetricForm />
    </RouteScreen>
  )
}
