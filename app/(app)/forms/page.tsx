import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormsScreen } from '@/components/forms/list/forms-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('title') }
}

export default function FormsPage() {
  return (
    <RouteScreen>
      <FormsScreen />
    </RouteScreen>
  )
}
