import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FeedDetailScreen } from '@/components/web-feeds/feed-detail-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('webFeedPages'))('detailTitle') }
}

export default async function FeedDetailPage({ params }: { params: Promise<{ feedId: string }> }) {
  const { feedId } = await params
  return (
    <RouteScreen>
      <FeedDetailScreen feedId={feedId} />
    </RouteScreen>
  )
}
