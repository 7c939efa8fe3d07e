import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { LogDetailScreen } from '@/components/developer-tools/log-detail-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('developerTools'))('logDetailTitle') }
}

export default async function RequestLogPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params
  return (
    <RouteScreen>
      <LogDetailScreen eventId={eventId} />
    </RouteScreen>
  )
}
