import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowGoalScreen } from '@/components/flows/generate/flow-goal-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowGenerate'))('goalTitle') }
}

export default function FlowWithAiPage() {
  return (
    <RouteScreen>
      <FlowGoalScreen />
    </RouteScreen>
  )
}
