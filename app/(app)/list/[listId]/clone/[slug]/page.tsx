import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CloneGroupScreen } from '@/components/lists/clone-group-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('cloneTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <CloneGroupScreen groupId={listId} />
    </RouteScreen>
  )
}
