import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewProductScreen } from '@/components/reviews/review-product-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('title') }
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <ReviewProductScreen id={decodeURIComponent(id)} />
    </RouteScreen>
  )
}
