import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SyncScreen } from '@/components/catalog/sync-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalogSources'))('syncTitle') }
}

export default async function Page({ params }: { params: Promise<{ syncID: string }> }) {
  return (
    <RouteScreen>
      <SyncScreen syncId={(await params).syncID} />
    </RouteScreen>
  )
}
