import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { OrganizationScreen } from '@/components/settings/organization-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('organization'))('title') }
}

export default function OrganizationPage() {
  return (
    <RouteScreen>
      <OrganizationScreen />
    </RouteScreen>
  )
}
