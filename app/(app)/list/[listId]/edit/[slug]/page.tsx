import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SegmentEditScreen } from '@/components/segment-builder/segment-edit-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('segmentBuilder'))('editTitle') }
}

export default async function EditSegmentPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <SegmentEditScreen groupId={listId} />
    </RouteScreen>
  )
}
