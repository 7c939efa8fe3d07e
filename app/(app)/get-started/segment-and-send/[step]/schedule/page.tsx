import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ScheduleScreen } from '@/components/get-started/schedule-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('segmentAndSendTitle') }
}

export default async function Page({ params }: { params: Promise<{ step: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <ScheduleScreen messageId={p.step} />
    </RouteScreen>
  )
}
