import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TemplateEditorScreen } from '@/components/templates/editor/template-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// The rich-text view of a template: the template editor, whose text blocks use its rich-text field.
export default async function TemplateRichTextPage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params
  return (
    <RouteScreen>
      <TemplateEditorScreen templateId={templateId} />
    </RouteScreen>
  )
}
