import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ProductFeedEdit } from '@/components/catalog/product-feed-edit'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('editFeed') }
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return (
    <RouteScreen>
      <ProductFeedEdit feedId={(await params).id} />
    </RouteScreen>
  )
}
