import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { QuickRepliesScreen } from '@/components/inbox-settings/quick-replies-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('quickRepliesTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <QuickRepliesScreen />
    </RouteScreen>
  )
}
