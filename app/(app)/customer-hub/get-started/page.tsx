import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubGetStartedScreen } from '@/components/customer-hub/hub-get-started-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('getStarted.title') }
}

// The hub's set-up tasks and the enable step with its install check.
export default function HubGetStartedPage() {
  return (
    <RouteScreen>
      <HubGetStartedScreen />
    </RouteScreen>
  )
}
