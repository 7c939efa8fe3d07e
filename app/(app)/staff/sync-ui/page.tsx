import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.syncUi.title') }
}

// /staff/sync-ui – internal staff tool (RouteScreen checks the staff resource)
export default function StaffSyncUiPage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="syncUi" />
    </RouteScreen>
  )
}
