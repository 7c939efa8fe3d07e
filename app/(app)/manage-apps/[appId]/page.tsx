import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AppDetailScreen } from '@/components/oauth/app-detail-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('title') }
}

export default async function AppDetailPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params
  return (
    <RouteScreen>
      <AppDetailScreen appId={appId} />
    </RouteScreen>
  )
}
