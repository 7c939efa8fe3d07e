import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DeliverabilityScreen } from '@/components/deliverability/deliverability-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('deliverability'))('title') }
}

// /analytics/deliverability/email: rates by provider, domain and day, advice, DNS status.
export default function EmailDeliverabilityPage() {
  return (
    <RouteScreen>
      <DeliverabilityScreen view="email" />
    </RouteScreen>
  )
}
