import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { VerifyPhoneScreen } from '@/components/onboarding/verify-phone-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('onboarding'))('verifyPhoneTitle') }
}

export default function VerifyPhonePage() {
  return (
    <RouteScreen>
      <VerifyPhoneScreen />
    </RouteScreen>
  )
}
