import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { InboundMessagesScreen } from '@/components/inbox-settings/inbound-messages-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('inboundTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <InboundMessagesScreen />
    </RouteScreen>
  )
}
