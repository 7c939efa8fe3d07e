import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubSettingsScreen } from '@/components/customer-hub/hub-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('onboarding.title') }
}

// /customer-hub/onboarding: the first onboarding step (the account features the hub shows).
export default function HubSettingsPage() {
  return (
    <RouteScreen>
      <HubSettingsScreen section="features" onboarding={{ step: 1, next: '/customer-hub/onboarding/design' }} />
    </RouteScreen>
  )
}
