import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PortfolioCancelScreen } from '@/components/portfolio/cancel-screen'
import { portfolioParam } from '@/components/portfolio/portfolio-param'

export async function generateMetadata() {
  return { title: (await getTranslations('portfolio'))('cancelTitle') }
}

export default async function Page({ searchParams }: { searchParams: Promise<{ portfolio?: string | string[] }> }) {
  return (
    <RouteScreen>
      <PortfolioCancelScreen portfolioId={portfolioParam(await searchParams)} />
    </RouteScreen>
  )
}
