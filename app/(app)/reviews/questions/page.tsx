import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewQuestionsScreen } from '@/components/reviews/review-questions-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('questions.title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ReviewQuestionsScreen />
    </RouteScreen>
  )
}
