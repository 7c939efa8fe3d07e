import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TryServiceScreen } from '@/components/onboarding/try-service-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('onboarding'))('tryTitle') }
}

export default function TryServicePage() {
  return (
    <RouteScreen>
      <TryServiceScreen />
    </RouteScreen>
  )
}
