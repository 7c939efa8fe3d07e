import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TemplateTextPartScreen } from '@/components/templates/template-text-part-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTextPart'))('title') }
}

export default async function TemplateTextPartPage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params
  return (
    <RouteScreen>
      <TemplateTextPartScreen templateId={templateId} />
    </RouteScreen>
  )
}
