import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EditorTargetScreen } from '@/components/templates/editor/editor-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// The variation's email as a recipient sees it.
export default async function VariationWebViewPage({
  params,
}: {
  params: Promise<{ variationId: string; templateType?: string[] }>
}) {
  const p = await params
  return (
    <RouteScreen>
      <EditorTargetScreen kind="variation" id={p.variationId} view="preview" />
    </RouteScreen>
  )
}
