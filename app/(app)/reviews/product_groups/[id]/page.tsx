import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewProductGroupScreen } from '@/components/reviews/review-product-group-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('groups.title') }
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <ReviewProductGroupScreen id={decodeURIComponent(id)} />
    </RouteScreen>
  )
}
