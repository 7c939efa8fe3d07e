import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { LowInventoryReport } from '@/components/catalog/low-inventory-report'

export async function generateMetadata() {
  return { title: (await getTranslations('catalogReports'))('lowInventory.title') }
}

export default async function LowInventoryReportPage({ params }: { params: Promise<{ flowId: string }> }) {
  const { flowId } = await params
  return (
    <RouteScreen>
      <LowInventoryReport flowId={flowId} />
    </RouteScreen>
  )
}
