import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormExperimentsScreen } from '@/components/forms/reports/form-experiments-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('formReports'))('testsTab') }
}

// /forms/{formId}/reports/tests: the form's A/B tests.
export default async function FormExperimentsPage({ params }: { params: Promise<{ formId: string }> }) {
  const { formId } = await params
  return (
    <RouteScreen>
      <FormExperimentsScreen formId={formId} />
    </RouteScreen>
  )
}
