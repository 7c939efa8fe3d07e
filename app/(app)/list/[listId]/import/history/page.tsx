import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListImportHistoryScreen } from '@/components/lists/list-subpages'

export async function generateMetadata() {
  return { title: (await getTranslations('listPages'))('importHistoryTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListImportHistoryScreen listId={listId} />
    </RouteScreen>
  )
}
