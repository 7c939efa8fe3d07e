import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListSettingsScreen } from '@/components/lists/list-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('lists'))('settingsPageTitle') }
}

export default async function ListSettingsPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ListSettingsScreen listId={listId} />
    </RouteScreen>
  )
}
