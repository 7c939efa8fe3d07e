import { redirect } from 'next/navigation'

// /forms/{formId}/reports/overview/{experimentId}: an experiment's report is its A/B test screen.
export default async function FormExperimentOverviewPage({
  params,
}: {
  params: Promise<{ formId: string; experimentId: string }>
}) {
  const { formId, experimentId } = await params
  redirect(`/forms/${encodeURIComponent(formId)}/reports/tests/${encodeURIComponent(experimentId)}`)
}
