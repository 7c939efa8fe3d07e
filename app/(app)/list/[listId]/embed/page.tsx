import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListEmbedScreen } from '@/components/growth/list-embed-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('embedTitle') }
}

export default async function ListEmbedPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListEmbedScreen listId={listId} />
    </RouteScreen>
  )
}
