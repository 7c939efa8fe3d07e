import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ConfirmPlatformScreen } from '@/components/get-started/confirm-platform-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('confirmPlatformTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <ConfirmPlatformScreen />
    </RouteScreen>
  )
}
