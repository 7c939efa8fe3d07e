import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CampaignsScreen } from '@/components/campaigns/list/campaigns-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('title') }
}

// /campaigns/{view}: list or calendar.
export default async function CampaignsViewPage({ params }: { params: Promise<{ view: string }> }) {
  const { view } = await params
  if (view !== 'list' && view !== 'calendar') notFound()
  return (
    <RouteScreen>
      <CampaignsScreen view={view} />
    </RouteScreen>
  )
}
