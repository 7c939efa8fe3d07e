import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('pageTitle') }
}

export default async function ProfileCampaignTranslatePage({
  params,
}: {
  params: Promise<{ profileId: string; campaignId: string }>
}) {
  const p = await params
  return (
    <RouteScreen>
      <TranslationScreen
        kind="profile-campaign"
        id={p.campaignId}
        backHref={`/email-template-editor/profile-campaign/${encodeURIComponent(p.profileId)}/${encodeURIComponent(p.campaignId)}`}
      />
    </RouteScreen>
  )
}
