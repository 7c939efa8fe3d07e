import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BillingOverviewScreen } from '@/components/billing/overview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('overviewTitle') }
}

export default function BillingOverviewPage() {
  return (
    <RouteScreen>
      <BillingOverviewScreen />
    </RouteScreen>
  )
}
