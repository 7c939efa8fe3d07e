import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FeedNewScreen } from '@/components/web-feeds/feed-new-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('webFeedPages'))('newTitle') }
}

export default function FeedNewPage() {
  return (
    <RouteScreen>
      <FeedNewScreen />
    </RouteScreen>
  )
}
