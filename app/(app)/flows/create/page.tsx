import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateFlowScreen } from '@/components/flows/create/create-flow-screen'
import { templateSummaries } from '@/lib/flows/templates'

export async function generateMetadata() {
  return { title: (await getTranslations('flows'))('createTitle') }
}

export default function CreateFlowPage() {
  return (
    <RouteScreen>
      <CreateFlowScreen templates={templateSummaries()} />
    </RouteScreen>
  )
}
