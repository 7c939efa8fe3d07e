import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SegmentBuilderScreen } from '@/components/segment-builder/segment-builder-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('segmentBuilder'))('createTitle') }
}

export default function CreateSegmentPage() {
  return (
    <RouteScreen>
      <SegmentBuilderScreen />
    </RouteScreen>
  )
}
