import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListSegmentProfilesScreen } from '@/components/insights/list-segment-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('listSegmentsHeading') }
}

export default async function ListSegmentProfilesPage({
  params,
  searchParams,
}: {
  params: Promise<{ listId: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { listId } = await params
  const { segment_id: segmentId } = await searchParams
  return (
    <RouteScreen>
      <ListSegmentProfilesScreen groupId={listId} segmentId={typeof segmentId === 'string' ? segmentId : ''} />
    </RouteScreen>
  )
}
