import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowLibraryScreen } from '@/components/flows/create/flow-library-screen'
import { templateSummaries } from '@/lib/flows/templates'

export async function generateMetadata() {
  return { title: (await getTranslations('flows'))('libraryTitle') }
}

export default function FlowLibraryPage() {
  return (
    <RouteScreen>
      <FlowLibraryScreen templates={templateSummaries()} />
    </RouteScreen>
  )
}
