import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WithCurrency } from '@/components/insights/company-currency-view'
import { ProductInsightsScreen } from '@/components/insights/product-insights-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('productTitle') }
}

// product (the one catalog insights tab)
export default async function CatalogInsightsPage({ params }: { params: Promise<{ tabName: string }> }) {
  const { tabName } = await params
  if (tabName !== 'product') notFound()
  return (
    <RouteScreen>
      <WithCurrency>{(currency) => <ProductInsightsScreen currency={currency} />}</WithCurrency>
    </RouteScreen>
  )
}
