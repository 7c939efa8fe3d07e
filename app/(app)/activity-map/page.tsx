import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ActivityMapScreen } from '@/components/insights/activity-map-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('mapTitle') }
}

export default function ActivityMapPage() {
  return (
    <RouteScreen>
      <ActivityMapScreen />
    </RouteScreen>
  )
}
