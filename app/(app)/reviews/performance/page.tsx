import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewPerformanceScreen } from '@/components/reviews/review-performance-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('performance.title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewPerformanceScreen />
    </RouteScreen>
  )
}
