import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AppCreatedScreen } from '@/components/oauth/app-created-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('createdTitle') }
}

export default async function AppCreatedPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params
  return (
    <RouteScreen>
      <AppCreatedScreen appId={appId} />
    </RouteScreen>
  )
}
