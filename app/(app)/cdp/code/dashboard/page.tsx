import { getTranslations } from 'next-intl/server'

import { RouteScreen } from '@/components/shell/route-screen'
import { FunctionsDashboardScreen } from '@/components/cdp-code/functions-dashboard-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('cdpCode'))('dashboardTitle') }
}

export default function CodeDashboardPage() {
  return (
    <RouteScreen>
      <FunctionsDashboardScreen />
    </RouteScreen>
  )
}
