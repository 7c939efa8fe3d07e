import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.appManagement.title') }
}

// /staff/app-management – internal staff tool (RouteScreen checks the staff resource)
export default function StaffAppManagementPage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="appManagement" />
    </RouteScreen>
  )
}
