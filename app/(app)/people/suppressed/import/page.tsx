import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SuppressedImportScreen } from '@/components/people/suppressed-import-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('suppressImportTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SuppressedImportScreen />
    </RouteScreen>
  )
}
