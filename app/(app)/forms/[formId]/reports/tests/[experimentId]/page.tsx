import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormExperimentScreen } from '@/components/forms/reports/form-experiment-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('formReports'))('testsTab') }
}

// /forms/{formId}/reports/tests/{experimentId}: one A/B test's variations, winner and confidence.
export default async function FormExperimentPage({
  params,
}: {
  params: Promise<{ formId: string; experimentId: string }>
}) {
  const { formId, experimentId } = await params
  return (
    <RouteScreen>
      <FormExperimentScreen formId={formId} experimentId={experimentId} />
    </RouteScreen>
  )
}
