import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CampaignsScreen } from '@/components/campaigns/list/campaigns-screen'
import NotYetBuiltPage from '@/app/(app)/[...path]/page'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('title') }
}

// /campaigns/{view}: list or calendar. The other registered /campaigns/… pages (library, trends,
// smartsendtime, omni-list) are not built yet: the shared not-available screen, as everywhere.
export default async function CampaignsViewPage({ params }: { params: Promise<{ view: string }> }) {
  const { view } = await params
  if (view !== 'list' && view !== 'calendar') return NotYetBuiltPage()
  return (
    <RouteScreen>
      <CampaignsScreen view={view} />
    </RouteScreen>
  )
}
