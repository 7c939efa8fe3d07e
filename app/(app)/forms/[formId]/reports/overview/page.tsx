import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormReportOverviewScreen } from '@/components/forms/reports/form-report-overview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('formReports'))('overviewTab') }
}

// /forms/{formId}/reports/overview: the form's views, submits, submit rate, closes, funnel and versions.
export default async function FormReportOverviewPage({ params }: { params: Promise<{ formId: string }> }) {
  const { formId } = await params
  return (
    <RouteScreen>
      <FormReportOverviewScreen formId={formId} />
    </RouteScreen>
  )
}
