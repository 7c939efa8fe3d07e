import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowCodeScreen } from '@/components/flows/code/flow-code-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowCode'))('title') }
}

export default async function FlowCodePage({ params }: { params: Promise<{ flowId: string }> }) {
  const { flowId } = await params
  return (
    <RouteScreen>
      <FlowCodeScreen flowId={flowId} />
    </RouteScreen>
  )
}
