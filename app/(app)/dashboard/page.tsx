import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DashboardScreen } from '@/components/dashboard/dashboard-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dashboard'))('title') }
}

export default function DashboardPage() {
  return (
    <RouteScreen>
      <DashboardScreen />
    </RouteScreen>
  )
}
