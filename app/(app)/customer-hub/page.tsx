import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubDashboardScreen } from '@/components/customer-hub/hub-dashboard-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('title') }
}

// The customer hub's dashboard: visits, sign-ins and returns started.
export default function HubDashboardPage() {
  return (
    <RouteScreen>
      <HubDashboardScreen />
    </RouteScreen>
  )
}
