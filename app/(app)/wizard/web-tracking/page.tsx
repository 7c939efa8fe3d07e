import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WebTrackingWizard } from '@/components/growth/web-tracking-wizard'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('webTrackingTitle') }
}

export default function WebTrackingPage() {
  return (
    <RouteScreen>
      <WebTrackingWizard />
    </RouteScreen>
  )
}
