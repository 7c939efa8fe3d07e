import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { OAuthDocsScreen } from '@/components/oauth/docs-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('docsTitle') }
}

export default function OAuthDocsPage() {
  return (
    <RouteScreen>
      <OAuthDocsScreen />
    </RouteScreen>
  )
}
