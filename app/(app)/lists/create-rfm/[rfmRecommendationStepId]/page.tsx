import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateRfmListScreen } from '@/components/insights/create-rfm-list-screen'
import { RFM_GROUPS } from '@/lib/insights/inputs'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('rfmCreatePageTitle') }
}

// The step id is the RFM group (champions, at_risk …); ?date= the day the groups are taken on.
export default async function CreateRfmListPage({
  params,
  searchParams,
}: {
  params: Promise<{ rfmRecommendationStepId: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { rfmRecommendationStepId: group } = await params
  if (!(RFM_GROUPS as readonly string[]).includes(group)) notFound()
  const { date } = await searchParams
  return (
    <RouteScreen>
      <CreateRfmListScreen group={group} date={typeof date === 'string' ? date : undefined} />
    </RouteScreen>
  )
}
