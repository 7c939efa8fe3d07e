import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MetricView } from '@/components/metrics/metric-view'

export async function generateMetadata() {
  return { title: (await getTranslations('metricsScreens'))('metricPageTitle') }
}

type SearchParams = Record<string, string | string[] | undefined>

export default async function MetricPage({
  params,
  searchParams,
}: {
  params: Promise<{ metricId: string }>
  searchParams: Promise<SearchParams>
}) {
  const { metricId } = await params
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === 'string') search.set(k, v)
  return (
    <RouteScreen>
      <MetricView metricId={metricId} search={search} />
    </RouteScreen>
  )
}
