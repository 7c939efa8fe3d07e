import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AnalyticsScreen } from '@/components/analytics/analytics-screen'
import { WithCompanyCurrency } from '@/components/analytics/with-currency'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('tabTitle.sms') }
}

export default function SmsDashboardPage() {
  return (
    <RouteScreen>
      <WithCompanyCurrency>{(currency) => <AnalyticsScreen tab="sms" currency={currency} />}</WithCompanyCurrency>
    </RouteScreen>
  )
}
