import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateAppScreen } from '@/components/oauth/create-app-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('createTitle') }
}

export default function CreateAppPage() {
  return (
    <RouteScreen>
      <CreateAppScreen />
    </RouteScreen>
  )
}
