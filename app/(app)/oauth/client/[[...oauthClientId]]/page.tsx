import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AuthorizedAppsScreen } from '@/components/oauth/authorized-apps-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('authorizedTitle') }
}

// /oauth/client lists every connected app; /oauth/client/{oauthClientId} shows that one.
export default async function AuthorizedAppsPage({ params }: { params: Promise<{ oauthClientId?: string[] }> }) {
  const { oauthClientId } = await params
  return (
    <RouteScreen>
      <AuthorizedAppsScreen appId={oauthClientId?.[0]} />
    </RouteScreen>
  )
}
