import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewQuestionScreen } from '@/components/reviews/review-question-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('questions.title') }
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <ReviewQuestionScreen id={decodeURIComponent(id)} />
    </RouteScreen>
  )
}
