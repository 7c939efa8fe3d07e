import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ProductFeedEdit } from '@/components/catalog/product-feed-edit'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('createFeed') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ProductFeedEdit />
    </RouteScreen>
  )
}
