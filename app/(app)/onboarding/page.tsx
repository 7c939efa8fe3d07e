import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { OnboardingScreen } from '@/components/onboarding/onboarding-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('onboarding'))('checklistTitle') }
}

export default function OnboardingPage() {
  return (
    <RouteScreen>
      <OnboardingScreen />
    </RouteScreen>
  )
}
