import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { OmnicampaignsScreen } from '@/components/campaigns/omnicampaigns-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('omnicampaigns') }
}

// /campaigns/omni-list: the campaigns list's omnichannel view, the omnichannel campaigns with their channels.
export default function OmniListPage() {
  return (
    <RouteScreen>
      <OmnicampaignsScreen />
    </RouteScreen>
  )
}
