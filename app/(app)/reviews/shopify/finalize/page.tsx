import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ShopifyFinalizeScreen } from '@/components/reviews/shopify-finalize-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('remainingEditors'))('finalizeTitle') }
}

// /reviews/shopify/finalize: the checks before reviews show on a Shopify store, and turning them on.
export default async function ShopifyFinalizePage() {
  return (
    <RouteScreen>
      <ShopifyFinalizeScreen />
    </RouteScreen>
  )
}
