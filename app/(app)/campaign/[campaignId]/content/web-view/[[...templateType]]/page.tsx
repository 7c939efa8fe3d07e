import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EditorTargetScreen } from '@/components/templates/editor/editor-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// The campaign's email as a recipient sees it (the editor's preview: HTML or text, desktop or phone).
export default async function CampaignWebViewPage({
  params,
}: {
  params: Promise<{ campaignId: string; templateType?: string[] }>
}) {
  const p = await params
  return (
    <RouteScreen>
      <EditorTargetScreen kind="campaign" id={p.campaignId} view="preview" />
    </RouteScreen>
  )
}
