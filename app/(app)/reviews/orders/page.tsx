import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewOrdersScreen } from '@/components/reviews/review-orders-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('orders.title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewOrdersScreen />
    </RouteScreen>
  )
}
