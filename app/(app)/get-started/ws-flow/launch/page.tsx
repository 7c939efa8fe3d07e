import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowLaunchScreen } from '@/components/get-started/flow-launch-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('wsFlowTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <FlowLaunchScreen guide="ws-flow" />
    </RouteScreen>
  )
}
