import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AgentHistoryScreen } from '@/components/kagent/agent-history-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('kagent'))('historyTitle') }
}

export default function AgentHistoryPage() {
  return (
    <RouteScreen>
      <AgentHistoryScreen />
    </RouteScreen>
  )
}
