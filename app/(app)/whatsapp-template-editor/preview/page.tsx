import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WhatsAppTemplateEditorScreen } from '@/components/mobile/whatsapp-template-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('whatsappTemplates'))('editorTitle') }
}

// /whatsapp-template-editor/preview: a new WhatsApp template with its live preview.
export default function WhatsAppTemplateEditorPage() {
  return (
    <RouteScreen>
      <WhatsAppTemplateEditorScreen />
    </RouteScreen>
  )
}
