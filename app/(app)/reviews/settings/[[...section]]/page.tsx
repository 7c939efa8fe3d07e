import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewSettingsScreen } from '@/components/reviews/review-settings-screen'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { appLink } from '@/lib/config/app-url'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('settings.title') }
}

// /reviews/settings/:section? – general (moderation) and widgets (styles, the reviews feed)
export default async function Page({ params }: { params: Promise<{ section?: string[] }> }) {
  const { section } = await params
  const key = (await getCurrentPrincipal())?.company.publicApiKey
  return (
    <RouteScreen>
      <ReviewSettingsScreen
        section={section?.[0]}
        feedUrl={key ? appLink(`/reviews/feed/${encodeURIComponent(key)}.xml`) : null}
      />
    </RouteScreen>
  )
}
