import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { InboxOnboardingScreen } from '@/components/inbox-settings/inbox-onboarding-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('onboardingTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <InboxOnboardingScreen />
    </RouteScreen>
  )
}
