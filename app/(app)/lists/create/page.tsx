import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateListScreen } from '@/components/lists/create-list-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('lists'))('createListTitle') }
}

export default function CreateListPage() {
  return (
    <RouteScreen>
      <CreateListScreen />
    </RouteScreen>
  )
}
