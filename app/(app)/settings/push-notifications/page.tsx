import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PushSettingsScreen } from '@/components/settings/push-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('pushSettings'))('title') }
}

export default function PushNotificationsPage() {
  return (
    <RouteScreen>
      <PushSettingsScreen />
    </RouteScreen>
  )
}
