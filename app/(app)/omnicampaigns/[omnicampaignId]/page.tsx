import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { OmnicampaignScreen } from '@/components/campaigns/omnicampaigns-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('omnicampaigns') }
}

// /omnicampaigns/{id}: one omnichannel campaign with its channel campaigns.
export default async function OmnicampaignPage({ params }: { params: Promise<{ omnicampaignId: string }> }) {
  const { omnicampaignId } = await params
  return (
    <RouteScreen>
      <OmnicampaignScreen omnicampaignId={omnicampaignId} />
    </RouteScreen>
  )
}
