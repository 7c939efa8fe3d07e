import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ExperimentScreen } from '@/components/experiments/experiment-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('experiments'))('title') }
}

// /experiments/global/{experimentId}: one experiment with its variations.
export default async function ExperimentPage({ params }: { params: Promise<{ experimentId: string }> }) {
  const { experimentId } = await params
  return (
    <RouteScreen>
      <ExperimentScreen experimentId={decodeURIComponent(experimentId)} />
    </RouteScreen>
  )
}
