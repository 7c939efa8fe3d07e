import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewModerationScreen } from '@/components/reviews/review-moderation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('title') }
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <ReviewModerationScreen id={decodeURIComponent(id)} />
    </RouteScreen>
  )
}
