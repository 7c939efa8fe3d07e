import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AnalyticsScreen } from '@/components/analytics/analytics-screen'
import { WithCompanyCurrency } from '@/components/analytics/with-currency'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('tabTitle.dashboards') }
}

export default function AnalyticsDashboardsPage() {
  return (
    <RouteScreen>
      <WithCompanyCurrency>
        {(currency) => <AnalyticsScreen tab="dashboards" currency={currency} />}
      </WithCompanyCurrency>
    </RouteScreen>
  )
}
