import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('pageTitle') }
}

export default async function CampaignTranslatePage({ params }: { params: Promise<{ campaignId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <TranslationScreen
        kind="campaign"
        id={p.campaignId}
        backHref={`/email-template-editor/campaign/${encodeURIComponent(p.campaignId)}`}
      />
    </RouteScreen>
  )
}
