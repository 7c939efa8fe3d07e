import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewsDashboardScreen } from '@/components/reviews/reviews-dashboard-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewsDashboardScreen />
    </RouteScreen>
  )
}
