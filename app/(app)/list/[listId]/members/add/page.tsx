import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListAddMembersScreen } from '@/components/lists/list-subpages'

export async function generateMetadata() {
  return { title: (await getTranslations('listPages'))('addTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListAddMembersScreen listId={listId} />
    </RouteScreen>
  )
}
