import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FeedPreviewScreen } from '@/components/web-feeds/feed-preview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('webFeedPages'))('previewTitle') }
}

export default async function FeedPreviewPage({ params }: { params: Promise<{ feedId: string }> }) {
  const { feedId } = await params
  return (
    <RouteScreen>
      <FeedPreviewScreen feedId={feedId} />
    </RouteScreen>
  )
}
