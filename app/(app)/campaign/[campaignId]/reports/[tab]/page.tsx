import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CampaignReportScreen } from '@/components/campaigns/reports/campaign-report-screen'
import { CAMPAIGN_TABS, type CampaignTab } from '@/components/campaigns/reports/tabs'

export async function generateMetadata({ params }: { params: Promise<{ tab: string }> }) {
  const t = await getTranslations('campaignReports')
  const { tab } = await params
  return {
    title: (CAMPAIGN_TABS as readonly string[]).includes(tab)
      ? `${t(`tab.${tab as CampaignTab}`)} · ${t('title')}`
      : t('title'),
  }
}

// recipients, conversions, links, audience, deliverability, variations, advanced (overview and link/who have their own pages)
export default async function CampaignReportTabPage({
  params,
}: {
  params: Promise<{ campaignId: string; tab: string }>
}) {
  const { campaignId, tab } = await params
  if (tab === 'overview' || !(CAMPAIGN_TABS as readonly string[]).includes(tab)) notFound()
  return (
    <RouteScreen>
      <CampaignReportScreen campaignId={campaignId} tab={tab as Exclude<CampaignTab, 'overview'>} />
    </RouteScreen>
  )
}
