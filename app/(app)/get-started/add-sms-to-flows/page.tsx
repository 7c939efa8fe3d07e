import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AddSmsToFlowsScreen } from '@/components/get-started/add-sms-to-flows-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('addSmsToFlowsTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <AddSmsToFlowsScreen />
    </RouteScreen>
  )
}
