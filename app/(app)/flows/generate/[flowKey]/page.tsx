import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowPlanScreen } from '@/components/flows/generate/flow-plan-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowGenerate'))('planTitle') }
}

export default async function FlowGeneratePage({ params }: { params: Promise<{ flowKey: string }> }) {
  const { flowKey } = await params
  return (
    <RouteScreen>
      <FlowPlanScreen goal={flowKey} />
    </RouteScreen>
  )
}
