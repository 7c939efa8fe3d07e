import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AutobrandingScreen } from '@/components/get-started/autobranding-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('autobrandingTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <AutobrandingScreen />
    </RouteScreen>
  )
}
