import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WhatsAppTemplatePreviewScreen } from '@/components/mobile/whatsapp-template-preview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('whatsappTemplates'))('previewTitle') }
}

// /whatsapp/{id}/preview: a saved WhatsApp template as the recipient sees it.
export default async function WhatsAppTemplatePreviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <WhatsAppTemplatePreviewScreen id={id} />
    </RouteScreen>
  )
}
