import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('pageTitle') }
}

export default async function SegmentAndSendTranslatePage({ params }: { params: Promise<{ campaignId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <TranslationScreen
        kind="segment-and-send"
        id={p.campaignId}
        backHref={`/email-template-editor/segment-and-send/${encodeURIComponent(p.campaignId)}`}
      />
    </RouteScreen>
  )
}
