import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MergeProgressScreen } from '@/components/lists/list-progress-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('mergeTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string; taskId: string }> }) {
  const { listId, taskId } = await params
  return (
    <RouteScreen>
      <MergeProgressScreen groupId={listId} taskId={taskId} />
    </RouteScreen>
  )
}
