import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DataSettingsScreen } from '@/components/settings/data-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dataPlatform'))('data.title') }
}

export default function DataSettingsPage() {
  return (
    <RouteScreen>
      <DataSettingsScreen />
    </RouteScreen>
  )
}
