import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ProfileMaintenanceScreen } from '@/components/settings/profile-maintenance-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('profileMaintenance'))('title') }
}

export default function ProfileMaintenancePage() {
  return (
    <RouteScreen>
      <ProfileMaintenanceScreen />
    </RouteScreen>
  )
}
