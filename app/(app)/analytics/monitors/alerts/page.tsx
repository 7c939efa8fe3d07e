import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AlertsScreen } from '@/components/monitors/alerts-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('monitors'))('alertsTitle') }
}

// /analytics/monitors/alerts: every alert of the account's monitors.
export default function MonitorAlertsPage() {
  return (
    <RouteScreen>
      <AlertsScreen />
    </RouteScreen>
  )
}
