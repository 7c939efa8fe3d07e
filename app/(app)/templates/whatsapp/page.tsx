import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WhatsAppTemplatesScreen } from '@/components/mobile/whatsapp-templates-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('whatsappTemplates'))('title') }
}

// /templates/whatsapp: WhatsApp message templates and their review status.
export default function WhatsAppTemplatesPage() {
  return (
    <RouteScreen>
      <WhatsAppTemplatesScreen />
    </RouteScreen>
  )
}
