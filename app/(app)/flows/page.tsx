import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowsScreen } from '@/components/flows/list/flows-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flows'))('title') }
}

export default function FlowsPage() {
  return (
    <RouteScreen>
      <FlowsScreen />
    </RouteScreen>
  )
}
