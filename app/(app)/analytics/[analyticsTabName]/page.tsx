import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { NotAvailableScreen } from '@/components/shell/not-available-screen'
import { AnalyticsScreen } from '@/components/analytics/analytics-screen'
import { WithCompanyCurrency } from '@/components/analytics/with-currency'
import { ANALYTICS_TABS, type AnalyticsTab } from '@/components/analytics/analytics-tabs'
import { currentPathname, guardRoute } from '@/lib/server/guard-route'

const isTab = (s: string): s is AnalyticsTab => (ANALYTICS_TABS as readonly string[]).includes(s)

export async function generateMetadata({ params }: { params: Promise<{ analyticsTabName: string }> }) {
  const { analyticsTabName } = await params
  const t = await getTranslations('analytics')
  return { title: isTab(analyticsTabName) ? t(`tabTitle.${analyticsTabName}`) : t('tabTitle.overview') }
}

// A tab of the landing; any other one-segment /analytics path (a tool still to come, such as
// custom-metrics) gets the shared "not available yet" screen the catch-all page would give it.
export default async function AnalyticsTabPage({ params }: { params: Promise<{ analyticsTabName: string }> }) {
  const { analyticsTabName } = await params
  if (isTab(analyticsTabName))
    return (
      <RouteScreen>
        <WithCompanyCurrency>
          {(currency) => <AnalyticsScreen tab={analyticsTabName} currency={currency} />}
        </WithCompanyCurrency>
      </RouteScreen>
    )
  const { pathname } = await currentPathname()
  const { route } = await guardRoute(pathname)
  const areas = await getTranslations('areas')
  return (
    <RouteScreen>
      <NotAvailableScreen areaName={areas.has(route.area) ? areas(route.area) : route.area} path={pathname} />
    </RouteScreen>
  )
}
