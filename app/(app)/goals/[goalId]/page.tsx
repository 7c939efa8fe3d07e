import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GoalScreen } from '@/components/goals/goal-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('goals'))('title') }
}

// /goals/{goalId}: one goal with its progress chart.
export default async function GoalPage({ params }: { params: Promise<{ goalId: string }> }) {
  const { goalId } = await params
  return (
    <RouteScreen>
      <GoalScreen goalId={goalId} />
    </RouteScreen>
  )
}
