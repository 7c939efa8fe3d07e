import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WebhookFormScreen } from '@/components/webhooks/webhook-form-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('webhooks'))('editTitle') }
}

export default async function EditWebhookPage({ params }: { params: Promise<{ webhookId: string }> }) {
  const { webhookId } = await params
  return (
    <RouteScreen>
      <WebhookFormScreen webhookId={webhookId} />
    </RouteScreen>
  )
}
