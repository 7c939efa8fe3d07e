import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MonitorSettingsScreen } from '@/components/monitors/monitor-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('monitors'))('settingsTitle') }
}

// /settings/monitors: where monitor alerts go.
export default function MonitorSettingsPage() {
  return (
    <RouteScreen>
      <MonitorSettingsScreen />
    </RouteScreen>
  )
}
