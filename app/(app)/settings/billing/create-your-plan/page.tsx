import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateYourPlanScreen } from '@/components/billing/create-your-plan-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('createTitle') }
}

export default function CreateYourPlanPage() {
  return (
    <RouteScreen>
      <CreateYourPlanScreen />
    </RouteScreen>
  )
}
