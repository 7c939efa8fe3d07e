import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListsScreen } from '@/components/lists/lists-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('lists'))('title') }
}

export default function ListsPage() {
  return (
    <RouteScreen>
      <ListsScreen />
    </RouteScreen>
  )
}
