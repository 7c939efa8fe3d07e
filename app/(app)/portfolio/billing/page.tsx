import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PortfolioBillingScreen } from '@/components/portfolio/billing-screen'
import { portfolioParam } from '@/components/portfolio/portfolio-param'

export async function generateMetadata() {
  return { title: (await getTranslations('portfolio'))('billingTitle') }
}

export default async function Page({ searchParams }: { searchParams: Promise<{ portfolio?: string | string[] }> }) {
  return (
    <RouteScreen>
      <PortfolioBillingScreen portfolioId={portfolioParam(await searchParams)} />
    </RouteScreen>
  )
}
