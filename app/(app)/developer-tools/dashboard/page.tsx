import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DashboardScreen } from '@/components/developer-tools/dashboard-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('developerTools'))('dashboardTitle') }
}

export default function DeveloperToolsDashboardPage() {
  return (
    <RouteScreen>
      <DashboardScreen />
    </RouteScreen>
  )
}
