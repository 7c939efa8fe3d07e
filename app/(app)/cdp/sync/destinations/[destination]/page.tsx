import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SyncDestinationScreen } from '@/components/data-sync/sync-destination-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dataPlatform'))('sync.title') }
}

export default async function SyncDestinationPage({ params }: { params: Promise<{ destination: string }> }) {
  const { destination } = await params
  return (
    <RouteScreen>
      <SyncDestinationScreen destination={destination} />
    </RouteScreen>
  )
}
