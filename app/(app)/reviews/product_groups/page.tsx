import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewProductGroupsScreen } from '@/components/reviews/review-product-groups-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('groups.title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewProductGroupsScreen />
    </RouteScreen>
  )
}
