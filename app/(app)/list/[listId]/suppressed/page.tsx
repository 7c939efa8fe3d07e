import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListSuppressedScreen } from '@/components/lists/list-subpages'

export async function generateMetadata() {
  return { title: (await getTranslations('listPages'))('suppressedTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListSuppressedScreen listId={listId} />
    </RouteScreen>
  )
}
