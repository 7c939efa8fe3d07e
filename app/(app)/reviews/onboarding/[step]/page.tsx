import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewOnboardingScreen } from '@/components/reviews/review-onboarding-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('onboarding.title') }
}

export default async function Page({ params }: { params: Promise<{ step: string }> }) {
  const { step } = await params
  return (
    <RouteScreen>
      <ReviewOnboardingScreen step={decodeURIComponent(step)} />
    </RouteScreen>
  )
}
