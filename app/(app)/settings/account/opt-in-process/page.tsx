import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { OptInProcessScreen } from '@/components/settings/opt-in-process-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('optInProcess'))('title') }
}

export default function OptInProcessPage() {
  return (
    <RouteScreen>
      <OptInProcessScreen />
    </RouteScreen>
  )
}
