import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ProductFeedsScreen } from '@/components/catalog/product-feeds-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('productFeeds') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ProductFeedsScreen />
    </RouteScreen>
  )
}
