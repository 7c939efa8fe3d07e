import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffToolScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.sqlExplorer.title') }
}

// /staff/sql-explorer – internal staff tool (RouteScreen checks the staff resource)
export default function StaffSqlExplorerPage() {
  return (
    <RouteScreen>
      <StaffToolScreen tool="sqlExplorer" />
    </RouteScreen>
  )
}
