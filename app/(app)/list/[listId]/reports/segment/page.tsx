import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListSegmentSplitScreen } from '@/components/insights/list-segment-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('listSegmentsHeading') }
}

// The registry names the parameter groupId (/list/:groupId/reports/segment); the folder is [listId] like its siblings.
export default async function ListSegmentReportPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListSegmentSplitScreen groupId={listId} />
    </RouteScreen>
  )
}
