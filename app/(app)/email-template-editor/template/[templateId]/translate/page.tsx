import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('pageTitle') }
}

export default async function TemplateTranslatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <TranslationScreen
        kind="template"
        id={p.templateId}
        backHref={`/email-template-editor/template/${encodeURIComponent(p.templateId)}`}
      />
    </RouteScreen>
  )
}
