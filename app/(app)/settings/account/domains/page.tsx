import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DomainsScreen } from '@/components/settings/domains-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('sendingDomains'))('title') }
}

export default function DomainsPage() {
  return (
    <RouteScreen>
      <DomainsScreen />
    </RouteScreen>
  )
}
