import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EditorTargetScreen } from '@/components/templates/editor/editor-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// The rich-text view of the message's template: the template editor, whose text blocks are edited
// in its rich-text field (bold, italic, lists, links), sanitized by the server at save.
export default async function CampaignRichTextPage({ params }: { params: Promise<{ campaignId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <EditorTargetScreen kind="campaign" id={p.campaignId} />
    </RouteScreen>
  )
}
