import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { OmnicampaignsScreen } from '@/components/campaigns/omnicampaigns-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('omnicampaigns') }
}

// /omnicampaigns: campaigns over several channels.
export default function OmnicampaignsPage() {
  return (
    <RouteScreen>
      <OmnicampaignsScreen />
    </RouteScreen>
  )
}
