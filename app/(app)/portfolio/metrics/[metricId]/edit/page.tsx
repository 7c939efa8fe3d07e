import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PortfolioMetricFormScreen } from '@/components/portfolio/metric-form-screen'
import { portfolioParam } from '@/components/portfolio/portfolio-param'

export async function generateMetadata() {
  return { title: (await getTranslations('portfolio'))('editMetricTitle') }
}

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ metricId: string }>
  searchParams: Promise<{ portfolio?: string | string[] }>
}) {
  const { metricId } = await params
  return (
    <RouteScreen>
      <PortfolioMetricFormScreen metricId={metricId} portfolioId={portfolioParam(await searchParams)} />
    </RouteScreen>
  )
}
