import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListsScreen } from '@/components/lists/lists-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('lists'))('starredTitle') }
}

export default function StarredListsPage() {
  return (
    <RouteScreen>
      <ListsScreen initialStarred />
    </RouteScreen>
  )
}
