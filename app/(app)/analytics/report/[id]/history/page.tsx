import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReportHistoryPage } from '@/components/analytics/report-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('history') }
}

export default async function ReportHistoryRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <ReportHistoryPage reportId={id} />
    </RouteScreen>
  )
}
