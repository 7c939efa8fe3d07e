import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PortfolioMetricsScreen } from '@/components/portfolio/metrics-screen'
import { portfolioParam } from '@/components/portfolio/portfolio-param'

export async function generateMetadata() {
  return { title: (await getTranslations('portfolio'))('metricsTitle') }
}

export default async function Page({ searchParams }: { searchParams: Promise<{ portfolio?: string | string[] }> }) {
  return (
    <RouteScreen>
      <PortfolioMetricsScreen portfolioId={portfolioParam(await searchParams)} />
    </RouteScreen>
  )
}
