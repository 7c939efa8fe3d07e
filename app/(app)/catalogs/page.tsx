import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CatalogOverview } from '@/components/catalog/catalog-overview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <CatalogOverview />
    </RouteScreen>
  )
}
