import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AuthorizedAppsScreen } from '@/components/oauth/authorized-apps-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('authorizedTitle') }
}

export default function AuthorizedAppsPage() {
  return <RouteScreen><AuthorizedAppsScreen /></RouteScreen>
}
