import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.audit.title') }
}

// /staff/audit – internal staff tool (RouteScreen checks the staff resource)
export default function StaffAuditPage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="audit" />
    </RouteScreen>
  )
}
