import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ConfirmationScreen } from '@/components/campaigns/confirmation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('title') }
}

// /campaign/{id}/schedule
export default async function CampaignSchedulePage({ params }: { params: Promise<{ campaignId: string }> }) {
  const { campaignId } = await params
  return (
    <RouteScreen>
      <ConfirmationScreen campaignId={campaignId} kind="schedule" />
    </RouteScreen>
  )
}
