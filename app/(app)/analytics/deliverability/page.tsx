import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DeliverabilityScreen } from '@/components/deliverability/deliverability-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('deliverability'))('title') }
}

// /analytics/deliverability: the email deliverability overview.
export default function DeliverabilityPage() {
  return (
    <RouteScreen>
      <DeliverabilityScreen view="email" />
    </RouteScreen>
  )
}
