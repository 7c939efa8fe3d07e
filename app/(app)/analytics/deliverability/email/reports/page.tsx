import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DeliverabilityScreen } from '@/components/deliverability/deliverability-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('deliverability'))('title') }
}

// /analytics/deliverability/email/reports: rates by a dimension, with CSV download.
export default function DeliverabilityReportsPage() {
  return (
    <RouteScreen>
      <DeliverabilityScreen view="reports" />
    </RouteScreen>
  )
}
