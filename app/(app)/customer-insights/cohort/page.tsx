import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WithCurrency } from '@/components/insights/company-currency-view'
import { CustomerInsightsScreen } from '@/components/insights/customer-insights-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('title') }
}

// The cohort tab of /customer-insights/:tabName: its own folder because cohort/:reportId sits beside it.
export default function CustomerInsightsCohortPage() {
  return (
    <RouteScreen>
      <WithCurrency>{(currency) => <CustomerInsightsScreen tab="cohort" currency={currency} />}</WithCurrency>
    </RouteScreen>
  )
}
