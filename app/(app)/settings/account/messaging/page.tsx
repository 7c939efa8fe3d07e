import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MessagingSettingsScreen } from '@/components/settings/messaging-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('messagingSettings'))('title') }
}

export default function MessagingSettingsPage() {
  return (
    <RouteScreen>
      <MessagingSettingsScreen />
    </RouteScreen>
  )
}
