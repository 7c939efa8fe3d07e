import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListDetailScreen } from '@/components/lists/list-detail-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('lists'))('detailTitle') }
}

// /list/{listId}: the same screen as /list/{listId}/{slug}.
export default async function ListPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListDetailScreen listId={listId} />
    </RouteScreen>
  )
}
