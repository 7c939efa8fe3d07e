import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CampaignsScreen } from '@/components/campaigns/list/campaigns-screen'
import NotYetBuiltPage from '@/app/(app)/[...path]/page'
import { CampaignTrendsScreen } from '@/components/campaigns/trends-screen'
import { SmartSendTimeScreen } from '@/components/campaigns/smart-send-time-screen'
import { CampaignLibraryScreen } from '@/components/campaigns/library-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('title') }
}

// /campaigns/{view}: list, calendar, trends, smartsendtime or library (omni-list has its own
// page); any other view is the shared not-available screen, as everywhere.
export default async function CampaignsViewPage({
  params,
  searchParams,
}: {
  params: Promise<{ view: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { view } = await params
  if (view === 'library')
    return (
      <RouteScreen>
        <CampaignLibraryScreen />
      </RouteScreen>
    )
  if (view === 'smartsendtime')
    return (
      <RouteScreen>
        <SmartSendTimeScreen />
      </RouteScreen>
    )
  if (view === 'trends') {
    const q = await searchParams
    return (
      <RouteScreen>
        <CampaignTrendsScreen days={Number(q.days ?? 90)} channel={typeof q.channel === 'string' ? q.channel : null} />
      </RouteScreen>
    )
  }
  if (view !== 'list' && view !== 'calendar') return NotYetBuiltPage()
  return (
    <RouteScreen>
      <CampaignsScreen view={view} />
    </RouteScreen>
  )
}
