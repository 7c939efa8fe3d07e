import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { RevisionMonitoringScreen } from '@/components/developer-tools/revision-monitoring-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('developerTools'))('revisionsTitle') }
}

export default function RevisionMonitoringPage() {
  return (
    <RouteScreen>
      <RevisionMonitoringScreen />
    </RouteScreen>
  )
}
