import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CampaignsScreen } from '@/components/campaigns/list/campaigns-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('title') }
}

// /campaigns: the list view.
export default function CampaignsPage() {
  return (
    <RouteScreen>
      <CampaignsScreen view="list" />
    </RouteScreen>
  )
}
