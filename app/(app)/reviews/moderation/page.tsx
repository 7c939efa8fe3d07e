import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ModerationScreen } from '@/components/reviews/moderation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ModerationScreen />
    </RouteScreen>
  )
}
