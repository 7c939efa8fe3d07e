import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MonitorsListScreen } from '@/components/monitors/monitors-list-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('monitors'))('title') }
}

// /analytics/monitors: the account's monitors.
export default function MonitorsPage() {
  return (
    <RouteScreen>
      <MonitorsListScreen />
    </RouteScreen>
  )
}
