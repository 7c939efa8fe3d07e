import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AmpEditorScreen } from '@/components/templates/editor/amp-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('ampEditor'))('title') }
}

export default async function AmpEditorPage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params
  return (
    <RouteScreen>
      <AmpEditorScreen templateId={templateId} />
    </RouteScreen>
  )
}
