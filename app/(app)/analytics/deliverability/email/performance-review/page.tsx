import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DeliverabilityScreen } from '@/components/deliverability/deliverability-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('deliverability'))('title') }
}

// /analytics/deliverability/email/performance-review: last 30 days against the 30 before.
export default function PerformanceReviewPage() {
  return (
    <RouteScreen>
      <DeliverabilityScreen view="review" />
    </RouteScreen>
  )
}
