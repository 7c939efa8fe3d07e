import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.permissions.title') }
}

// /staff/permissions – internal staff tool (RouteScreen checks the staff resource)
export default function StaffPermissionsPage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="permissions" />
    </RouteScreen>
  )
}
