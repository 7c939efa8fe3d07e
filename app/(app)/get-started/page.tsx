import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GetStartedScreen } from '@/components/get-started/get-started-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <GetStartedScreen />
    </RouteScreen>
  )
}
