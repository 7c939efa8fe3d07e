import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CatalogItemDetail } from '@/components/catalog/catalog-item-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('item') }
}

export default async function Page({ params }: { params: Promise<{ catalogItemId: string }> }) {
  return (
    <RouteScreen>
      <CatalogItemDetail itemId={(await params).catalogItemId} />
    </RouteScreen>
  )
}
