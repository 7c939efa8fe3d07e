import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EditorTargetScreen } from '@/components/templates/editor/editor-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// The variation's content with the editor's saved-content library beside it.
export default async function VariationContentLibraryPage({ params }: { params: Promise<{ variationId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <EditorTargetScreen kind="variation" id={p.variationId} view="edit" />
    </RouteScreen>
  )
}
