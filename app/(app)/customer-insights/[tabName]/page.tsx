import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WithCurrency } from '@/components/insights/company-currency-view'
import { CustomerInsightsScreen } from '@/components/insights/customer-insights-screen'
import { CUSTOMER_TABS, type CustomerTab } from '@/components/insights/insights-tabs'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('title') }
}

// rfm, cohort, funnel, audience
export default async function CustomerInsightsPage({ params }: { params: Promise<{ tabName: string }> }) {
  const { tabName } = await params
  if (!(CUSTOMER_TABS as readonly string[]).includes(tabName)) notFound()
  return (
    <RouteScreen>
      <WithCurrency>
        {(currency) => <CustomerInsightsScreen tab={tabName as CustomerTab} currency={currency} />}
      </WithCurrency>
    </RouteScreen>
  )
}
