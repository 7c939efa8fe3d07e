import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TemplateEditorScreen } from '@/components/templates/editor/template-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// /email-editor/{templateId}/preview: the editor opened on its preview and send-preview view.
export default async function TemplatePreviewPage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params
  return (
    <RouteScreen>
      <TemplateEditorScreen templateId={templateId} initialView="preview" />
    </RouteScreen>
  )
}
