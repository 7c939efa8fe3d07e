import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SecuritySettingsScreen } from '@/components/account/security-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('securityPage'))('title') }
}

export default function SecuritySettingsPage() {
  return (
    <RouteScreen>
      <SecuritySettingsScreen />
    </RouteScreen>
  )
}
