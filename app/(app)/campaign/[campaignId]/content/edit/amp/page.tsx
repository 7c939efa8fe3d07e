import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AmpTargetScreen } from '@/components/templates/editor/amp-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('ampEditor'))('title') }
}

// The AMP for Email part of the campaign's email.
export default async function CampaignAmpPage({ params }: { params: Promise<{ campaignId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <AmpTargetScreen kind="campaign" id={p.campaignId} />
    </RouteScreen>
  )
}
