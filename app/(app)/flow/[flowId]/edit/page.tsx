import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowBuilderScreen } from '@/components/flows/builder/flow-builder-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowBuilder'))('pageTitle') }
}

// /flow/{flowId}/edit: the flow builder (EDITOR layout: no side navigation, no chat).
export default async function FlowEditPage({ params }: { params: Promise<{ flowId: string }> }) {
  const { flowId } = await params
  return (
    <RouteScreen>
      <FlowBuilderScreen flowId={flowId} />
    </RouteScreen>
  )
}
