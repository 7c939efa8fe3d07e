import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PortfolioAccountsScreen } from '@/components/portfolio/accounts-screen'
import { portfolioParam } from '@/components/portfolio/portfolio-param'

export async function generateMetadata() {
  return { title: (await getTranslations('portfolio'))('accountsTitle') }
}

export default async function Page({ searchParams }: { searchParams: Promise<{ portfolio?: string | string[] }> }) {
  return (
    <RouteScreen>
      <PortfolioAccountsScreen portfolioId={portfolioParam(await searchParams)} />
    </RouteScreen>
  )
}
