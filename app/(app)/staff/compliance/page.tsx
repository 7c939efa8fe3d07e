import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.compliance.title') }
}

// /staff/compliance – internal staff tool (RouteScreen checks the staff resource)
export default function StaffCompliancePage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="compliance" />
    </RouteScreen>
  )
}
