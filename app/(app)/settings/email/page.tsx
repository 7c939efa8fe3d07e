import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EmailSettingsScreen } from '@/components/settings/email-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('emailSettings'))('title') }
}

export default function EmailSettingsPage() {
  return (
    <RouteScreen>
      <EmailSettingsScreen />
    </RouteScreen>
  )
}
