import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AppDetailsScreen } from '@/components/integrations/directory/app-details-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('integrations.directory'))('title') }
}

export default async function Page({ params }: { params: Promise<{ appId: string }> }) {
  return (
    <RouteScreen>
      <AppDetailsScreen appId={(await params).appId} />
    </RouteScreen>
  )
}
