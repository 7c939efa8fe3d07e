import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { InactiveListsScreen } from '@/components/lists/inactive-lists-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('inactiveTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <InactiveListsScreen />
    </RouteScreen>
  )
}
