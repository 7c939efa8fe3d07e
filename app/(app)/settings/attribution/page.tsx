import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AttributionSettingsScreen } from '@/components/settings/attribution-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('attributionSettings'))('title') }
}

export default function AttributionSettingsPage() {
  return (
    <RouteScreen>
      <AttributionSettingsScreen />
    </RouteScreen>
  )
}
