import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BisSettingsScreen } from '@/components/settings/bis-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('bisSettings'))('title') }
}

export default function BisSettingsPage() {
  return (
    <RouteScreen>
      <BisSettingsScreen />
    </RouteScreen>
  )
}
