import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AgentOverviewScreen } from '@/components/kagent/agent-overview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dataPlatform'))('agent.title') }
}

export default function AgentOverviewPage() {
  return (
    <RouteScreen>
      <AgentOverviewScreen />
    </RouteScreen>
  )
}
