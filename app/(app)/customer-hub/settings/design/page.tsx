import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubSettingsScreen } from '@/components/customer-hub/hub-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('section.design') }
}

// /customer-hub/settings/design: the hub's design settings.
export default function HubSettingsPage() {
  return (
    <RouteScreen>
      <HubSettingsScreen section="design" />
    </RouteScreen>
  )
}
