import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DashboardScreen } from '@/components/analytics/dashboard-screen'
import { WithCompanyCurrency } from '@/components/analytics/with-currency'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('dashboardsTitle') }
}

export default async function DefaultDashboardPage() {
  return (
    <RouteScreen>
      <WithCompanyCurrency>
        {(currency) => <DashboardScreen dashboardId={null} currency={currency} />}
      </WithCompanyCurrency>
    </RouteScreen>
  )
}
