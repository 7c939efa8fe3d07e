import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GroupGrowthScreen } from '@/components/insights/group-growth-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('groupsTitle') }
}

export default function DashboardGroupsPage() {
  return (
    <RouteScreen>
      <GroupGrowthScreen />
    </RouteScreen>
  )
}
