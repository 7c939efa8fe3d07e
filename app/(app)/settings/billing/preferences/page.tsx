import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BillingPreferencesScreen } from '@/components/billing/preferences-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('preferencesTitle') }
}

export default function BillingPreferencesPage() {
  return (
    <RouteScreen>
      <BillingPreferencesScreen />
    </RouteScreen>
  )
}
