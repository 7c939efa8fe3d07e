import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MessagesScreen } from '@/components/templates/messages/messages-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('sentMessages'))('title') }
}

export default function SentMessagesPage() {
  return (
    <RouteScreen>
      <MessagesScreen />
    </RouteScreen>
  )
}
