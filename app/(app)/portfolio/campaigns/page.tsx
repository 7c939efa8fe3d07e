import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PortfolioCampaignsScreen } from '@/components/portfolio/campaigns-screen'
import { portfolioParam } from '@/components/portfolio/portfolio-param'

export async function generateMetadata() {
  return { title: (await getTranslations('portfolio'))('campaignsTitle') }
}

export default async function Page({ searchParams }: { searchParams: Promise<{ portfolio?: string | string[] }> }) {
  return (
    <RouteScreen>
      <PortfolioCampaignsScreen portfolioId={portfolioParam(await searchParams)} />
    </RouteScreen>
  )
}
