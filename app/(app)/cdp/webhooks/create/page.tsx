import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WebhookFormScreen } from '@/components/webhooks/webhook-form-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('webhooks'))('createTitle') }
}

export default function CreateWebhookPage() {
  return (
    <RouteScreen>
      <WebhookFormScreen />
    </RouteScreen>
  )
}
