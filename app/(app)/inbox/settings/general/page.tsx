import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { InboxGeneralScreen } from '@/components/inbox-settings/inbox-general-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('generalTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <InboxGeneralScreen />
    </RouteScreen>
  )
}
