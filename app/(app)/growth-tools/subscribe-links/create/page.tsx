import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SubscribeLinkEditor } from '@/components/growth/subscribe-link-editor'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('createLinkTitle') }
}

export default function CreateSubscribeLinkPage() {
  return (
    <RouteScreen>
      <SubscribeLinkEditor />
    </RouteScreen>
  )
}
