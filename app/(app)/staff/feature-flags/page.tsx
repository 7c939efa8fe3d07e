import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.featureFlags.title') }
}

// /staff/feature-flags – internal staff tool (RouteScreen checks the staff resource)
export default function StaffFeatureFlagsPage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="featureFlags" />
    </RouteScreen>
  )
}
