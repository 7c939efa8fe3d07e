import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewProductsScreen } from '@/components/reviews/review-products-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewProductsScreen />
    </RouteScreen>
  )
}
