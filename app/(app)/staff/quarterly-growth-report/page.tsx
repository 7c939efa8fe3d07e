import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.quarterlyGrowthReport.title') }
}

// /staff/quarterly-growth-report – internal staff tool (RouteScreen checks the staff resource)
export default function StaffQuarterlyGrowthReportPage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="quarterlyGrowthReport" />
    </RouteScreen>
  )
}
