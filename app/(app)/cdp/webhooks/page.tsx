import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WebhooksListScreen } from '@/components/webhooks/webhooks-list-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('webhooks'))('title') }
}

export default function WebhooksPage() {
  return (
    <RouteScreen>
      <WebhooksListScreen />
    </RouteScreen>
  )
}
