import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ExportChoosePropertiesScreen } from '@/components/lists/export-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('exportTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <ExportChoosePropertiesScreen groupId={listId} />
    </RouteScreen>
  )
}
