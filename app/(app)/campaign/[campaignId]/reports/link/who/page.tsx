import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { LinkWhoScreen } from '@/components/campaigns/reports/link-who-screen'

export async function generateMetadata() {
  const t = await getTranslations('campaignReports')
  return { title: `${t('whoClicked')} · ${t('title')}` }
}

export default async function CampaignLinkWhoPage({
  params,
  searchParams,
}: {
  params: Promise<{ campaignId: string }>
  searchParams: Promise<{ url?: string | string[] }>
}) {
  const { campaignId } = await params
  const { url } = await searchParams
  return (
    <RouteScreen>
      <LinkWhoScreen campaignId={campaignId} url={typeof url === 'string' && url ? url : null} />
    </RouteScreen>
  )
}
