import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewWidgetsScreen } from '@/components/reviews/review-widgets-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('widgets.title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewWidgetsScreen />
    </RouteScreen>
  )
}
