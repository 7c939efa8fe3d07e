import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SourceCreateScreen } from '@/components/catalog/source-create-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalogSources'))('createTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SourceCreateScreen />
    </RouteScreen>
  )
}
