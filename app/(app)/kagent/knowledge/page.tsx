import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AgentKnowledgeScreen } from '@/components/kagent/agent-knowledge-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('kagent'))('knowledgeTitle') }
}

export default function AgentKnowledgePage() {
  return (
    <RouteScreen>
      <AgentKnowledgeScreen />
    </RouteScreen>
  )
}
