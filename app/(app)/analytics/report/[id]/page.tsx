import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SavedReportPage } from '@/components/analytics/report-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('report') }
}

export default async function SavedReportRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <SavedReportPage reportId={id} />
    </RouteScreen>
  )
}
