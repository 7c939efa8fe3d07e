import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListFormsScreen } from '@/components/growth/list-forms-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('listFormsTitle') }
}

export default async function ListFormsPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListFormsScreen listId={listId} />
    </RouteScreen>
  )
}
