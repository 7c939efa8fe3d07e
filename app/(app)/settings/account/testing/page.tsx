import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TestingSettingsScreen } from '@/components/settings/testing-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dataPlatform'))('testing.title') }
}

export default function TestingSettingsPage() {
  return (
    <RouteScreen>
      <TestingSettingsScreen />
    </RouteScreen>
  )
}
