import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListGrowthScreen } from '@/components/lists/list-growth-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('lists'))('growthPageTitle') }
}

// The registry names this route's parameter groupId (/list/:groupId/reports/growth); Next.js
// wants one name per folder level, so the folder is [listId] like its siblings.
export default async function ListGrowthPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListGrowthScreen groupId={listId} />
    </RouteScreen>
  )
}
