import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewUnsupportedScreen } from '@/components/reviews/review-unsupported-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('unsupported.title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewUnsupportedScreen />
    </RouteScreen>
  )
}
