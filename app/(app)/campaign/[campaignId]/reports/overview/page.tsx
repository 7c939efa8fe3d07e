import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CampaignOverviewScreen } from '@/components/campaigns/reports/campaign-overview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaignReports'))('title') }
}

export default async function CampaignOverviewReportPage({ params }: { params: Promise<{ campaignId: string }> }) {
  const { campaignId } = await params
  return (
    <RouteScreen>
      <CampaignOverviewScreen campaignId={campaignId} />
    </RouteScreen>
  )
}
