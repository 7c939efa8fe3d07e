import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HubSettingsScreen } from '@/components/customer-hub/hub-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('customerHub'))('section.webchat') }
}

// /customer-hub/settings/webchat: the hub's webchat, its greeting and hours.
export default function HubSettingsPage() {
  return (
    <RouteScreen>
      <HubSettingsScreen section="webchat" />
    </RouteScreen>
  )
}
