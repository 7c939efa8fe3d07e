import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DeliverabilityScreen } from '@/components/deliverability/deliverability-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('deliverability'))('title') }
}

// /analytics/deliverability/email/bounce-details: bounces with status codes and reasons.
export default function BounceDetailsPage() {
  return (
    <RouteScreen>
      <DeliverabilityScreen view="bounces" />
    </RouteScreen>
  )
}
