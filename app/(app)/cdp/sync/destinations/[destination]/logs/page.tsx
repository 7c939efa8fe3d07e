import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SyncLogsScreen } from '@/components/data-sync/sync-logs-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dataPlatform'))('logs.title') }
}

export default async function SyncLogsPage({ params }: { params: Promise<{ destination: string }> }) {
  const { destination } = await params
  return (
    <RouteScreen>
      <SyncLogsScreen destination={destination} kind="logs" />
    </RouteScreen>
  )
}
