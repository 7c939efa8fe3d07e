import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { UtmTrackingScreen } from '@/components/settings/utm-tracking-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('utmTracking'))('title') }
}

export default function UtmTrackingPage() {
  return (
    <RouteScreen>
      <UtmTrackingScreen />
    </RouteScreen>
  )
}
