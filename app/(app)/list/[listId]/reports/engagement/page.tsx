import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListEngagementScreen } from '@/components/insights/list-engagement-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('listEngagementHeading') }
}

// The registry names the parameter groupId (/list/:groupId/reports/engagement); the folder is [listId] like its siblings.
export default async function ListEngagementPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListEngagementScreen groupId={listId} />
    </RouteScreen>
  )
}
