import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PersonalScreen } from '@/components/settings/personal-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('personal'))('title') }
}

export default function PersonalSettingsPage() {
  return (
    <RouteScreen>
      <PersonalScreen />
    </RouteScreen>
  )
}
