import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AppReviewScreen } from '@/components/oauth/app-review-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('submitReview') }
}

export default async function AppReviewPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params
  return (
    <RouteScreen>
      <AppReviewScreen appId={appId} />
    </RouteScreen>
  )
}
