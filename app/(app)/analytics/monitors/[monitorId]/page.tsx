import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MonitorScreen } from '@/components/monitors/monitor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('monitors'))('title') }
}

// /analytics/monitors/{monitorId}: one monitor with its chart and alert history.
export default async function MonitorPage({ params }: { params: Promise<{ monitorId: string }> }) {
  const { monitorId } = await params
  return (
    <RouteScreen>
      <MonitorScreen monitorId={monitorId} />
    </RouteScreen>
  )
}
