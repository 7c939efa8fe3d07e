import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewWidgetEditScreen } from '@/components/reviews/review-widget-edit-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('widgets.title') }
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <ReviewWidgetEditScreen id={decodeURIComponent(id)} />
    </RouteScreen>
  )
}
