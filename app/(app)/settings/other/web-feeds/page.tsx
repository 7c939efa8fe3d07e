import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WebFeedsScreen } from '@/components/settings/web-feeds-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('webFeeds'))('title') }
}

export default function WebFeedsPage() {
  return (
    <RouteScreen>
      <WebFeedsScreen />
    </RouteScreen>
  )
}
