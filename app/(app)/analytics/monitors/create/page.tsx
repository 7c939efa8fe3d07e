import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MonitorFormScreen } from '@/components/monitors/monitor-form-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('monitors'))('createTitle') }
}

// /analytics/monitors/create: a new monitor.
export default function CreateMonitorPage() {
  return (
    <RouteScreen>
      <MonitorFormScreen />
    </RouteScreen>
  )
}
