import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowCodeScreen } from '@/components/flows/code/flow-code-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowCode'))('newTitle') }
}

export default function FlowCodeNewPage() {
  return (
    <RouteScreen>
      <FlowCodeScreen />
    </RouteScreen>
  )
}
