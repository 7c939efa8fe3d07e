import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BackInStockScreen } from '@/components/catalog/back-in-stock-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalogBis'))('title') }
}

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const range = (await searchParams).daterange
  return (
    <RouteScreen>
      <BackInStockScreen view="report" initialRange={Array.isArray(range) ? range[0] : range} />
    </RouteScreen>
  )
}
