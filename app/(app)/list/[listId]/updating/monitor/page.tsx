import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SegmentMonitorScreen } from '@/components/lists/list-progress-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('monitorTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <SegmentMonitorScreen groupId={listId} />
    </RouteScreen>
  )
}
