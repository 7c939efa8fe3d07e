import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubSettingsScreen } from '@/components/customer-hub/hub-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('onboarding.title') }
}

// /customer-hub/onboarding/design: the hub's colours, logo and font with a live preview.
export default function HubSettingsPage() {
  return (
    <RouteScreen>
      <HubSettingsScreen section="design" onboarding={{ step: 2, next: '/customer-hub/onboarding/enable' }} />
    </RouteScreen>
  )
}
