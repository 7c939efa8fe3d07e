import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HelpScreen } from '@/components/support/help-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('helpScreen'))('title') }
}

export default function SupportPage() {
  return (
    <RouteScreen>
      <HelpScreen />
    </RouteScreen>
  )
}
