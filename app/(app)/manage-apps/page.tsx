import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ManageAppsScreen } from '@/components/oauth/manage-apps-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('title') }
}

export default function ManageAppsPage() {
  return (
    <RouteScreen>
      <ManageAppsScreen />
    </RouteScreen>
  )
}
