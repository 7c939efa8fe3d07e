import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GoalsScreen } from '@/components/goals/goals-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('goals'))('title') }
}

// /goals: the account's goals with their progress.
export default function GoalsPage() {
  return (
    <RouteScreen>
      <GoalsScreen />
    </RouteScreen>
  )
}
