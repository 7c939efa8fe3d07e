import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EditorTargetScreen } from '@/components/templates/editor/editor-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// The variation's content in the template editor (its own template, else its message's).
export default async function VariationContentEditPage({ params }: { params: Promise<{ variationId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <EditorTargetScreen kind="variation" id={p.variationId} view="edit" />
    </RouteScreen>
  )
}
