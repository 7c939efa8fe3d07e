import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AccountUsageScreen } from '@/components/billing/account-usage-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('usageTitle') }
}

export default function AccountUsagePage() {
  return (
    <RouteScreen>
      <AccountUsageScreen />
    </RouteScreen>
  )
}
