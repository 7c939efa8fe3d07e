import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubSettingsScreen } from '@/components/customer-hub/hub-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('section.returns') }
}

// /customer-hub/settings/returns: the hub's returns settings.
export default function HubSettingsPage() {
  return (
    <RouteScreen>
      <HubSettingsScreen section="returns" />
    </RouteScreen>
  )
}
