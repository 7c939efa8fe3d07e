import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MonitorFormScreen } from '@/components/monitors/monitor-form-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('monitors'))('editTitle') }
}

// /analytics/monitors/{monitorId}/edit: change a monitor.
export default async function EditMonitorPage({ params }: { params: Promise<{ monitorId: string }> }) {
  const { monitorId } = await params
  return (
    <RouteScreen>
      <MonitorFormScreen monitorId={monitorId} />
    </RouteScreen>
  )
}
