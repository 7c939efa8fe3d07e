// Server side of /analytics/metrics: the company's time zone for the "last event" column.
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { safeTimeZone } from '@/lib/profile-view/zoned-time'
import { MetricsListScreen } from './metrics-list-screen'

export async function MetricsListView() {
  const p = await getCurrentPrincipal()
  if (!p) return null
  return <MetricsListScreen timeZone={safeTimeZone(p.company.timezone)} />
}
