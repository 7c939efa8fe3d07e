import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BuilderPage } from '@/components/analytics/report-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('editReport') }
}

export default async function EditReportRoute({ params }: { params: Promise<{ reportId: string }> }) {
  const { reportId } = await params
  return (
    <RouteScreen>
      <BuilderPage reportId={reportId} />
    </RouteScreen>
  )
}
