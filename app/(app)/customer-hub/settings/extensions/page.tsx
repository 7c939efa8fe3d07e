import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubSettingsScreen } from '@/components/customer-hub/hub-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('section.extensions') }
}

// /customer-hub/settings/extensions: the hub extensions the merchant switches on.
export default function HubSettingsPage() {
  return (
    <RouteScreen>
      <HubSettingsScreen section="extensions" />
    </RouteScreen>
  )
}
