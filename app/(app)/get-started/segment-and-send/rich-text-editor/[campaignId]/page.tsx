import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { RichTextEditorScreen } from '@/components/get-started/rich-text-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('segmentAndSendTitle') }
}

export default async function Page({ params }: { params: Promise<{ campaignId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <RichTextEditorScreen campaignId={p.campaignId} />
    </RouteScreen>
  )
}
