import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SavedReportPage } from '@/components/analytics/report-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('report') }
}

export default async function ReportResultsRoute({ params }: { params: Promise<{ reportId: string }> }) {
  const { reportId } = await params
  return (
    <RouteScreen>
      <SavedReportPage reportId={reportId} />
    </RouteScreen>
  )
}
