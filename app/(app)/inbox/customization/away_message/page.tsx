import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AwayMessageScreen } from '@/components/inbox-settings/away-message-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('awayTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <AwayMessageScreen />
    </RouteScreen>
  )
}
