import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EvaluationRecipientsScreen } from '@/components/flows/reports/evaluation-recipients-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowReports'))('evaluationTitle') }
}

export default async function EvaluationRecipientsPage({ params }: { params: Promise<{ actionId: string }> }) {
  const { actionId } = await params
  return (
    <RouteScreen>
      <EvaluationRecipientsScreen actionId={actionId} />
    </RouteScreen>
  )
}
