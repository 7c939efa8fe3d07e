import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AccountCreateScreen } from '@/components/onboarding/account-create-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('onboarding'))('createTitle') }
}

export default function AccountCreatePage() {
  return (
    <RouteScreen>
      <AccountCreateScreen />
    </RouteScreen>
  )
}
