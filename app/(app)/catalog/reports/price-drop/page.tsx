import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PriceDropReport } from '@/components/catalog/price-drop-report'

export async function generateMetadata() {
  return { title: (await getTranslations('catalogReports'))('priceDrop.title') }
}

export default function PriceDropReportPage() {
  return (
    <RouteScreen>
      <PriceDropReport />
    </RouteScreen>
  )
}
