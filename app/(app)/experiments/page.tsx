import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ExperimentsScreen } from '@/components/experiments/experiments-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('experiments'))('title') }
}

// Every A/B test of campaigns, flows and forms in one list.
export default function ExperimentsPage() {
  return (
    <RouteScreen>
      <ExperimentsScreen />
    </RouteScreen>
  )
}
