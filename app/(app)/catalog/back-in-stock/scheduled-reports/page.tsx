import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BackInStockScreen } from '@/components/catalog/back-in-stock-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalogBis'))('scheduledTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <BackInStockScreen view="scheduled" />
    </RouteScreen>
  )
}
