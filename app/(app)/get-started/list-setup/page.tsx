import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListSetupScreen } from '@/components/get-started/list-setup-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('listSetupTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ListSetupScreen />
    </RouteScreen>
  )
}
