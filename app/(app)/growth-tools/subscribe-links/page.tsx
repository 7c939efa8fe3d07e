import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SubscribeLinksScreen } from '@/components/growth/subscribe-links-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('subscribeLinksTitle') }
}

export default function SubscribeLinksPage() {
  return (
    <RouteScreen>
      <SubscribeLinksScreen />
    </RouteScreen>
  )
}
