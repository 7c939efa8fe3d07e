import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowLaunchScreen } from '@/components/get-started/flow-launch-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('acFlowTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <FlowLaunchScreen guide="ac-flow" />
    </RouteScreen>
  )
}
