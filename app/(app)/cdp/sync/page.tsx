import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DataSyncScreen } from '@/components/data-sync/data-sync-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dataPlatform'))('sync.title') }
}

export default function DataSyncPage() {
  return (
    <RouteScreen>
      <DataSyncScreen />
    </RouteScreen>
  )
}
