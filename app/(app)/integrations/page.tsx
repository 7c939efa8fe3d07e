import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DirectoryScreen } from '@/components/integrations/directory/directory-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('integrations.directory'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <DirectoryScreen />
    </RouteScreen>
  )
}
