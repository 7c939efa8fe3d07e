import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AnalyticsScreen } from '@/components/analytics/analytics-screen'
import { WithCompanyCurrency } from '@/components/analytics/with-currency'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('tabTitle.overview') }
}

export default function AnalyticsPage() {
  return (
    <RouteScreen>
      <WithCompanyCurrency>{(currency) => <AnalyticsScreen tab="overview" currency={currency} />}</WithCompanyCurrency>
    </RouteScreen>
  )
}
