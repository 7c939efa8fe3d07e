import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SourcesScreen } from '@/components/catalog/sources-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalogSources'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SourcesScreen />
    </RouteScreen>
  )
}
