import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { IdentityExplorerScreen } from '@/components/people/identity-explorer-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('identityTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <IdentityExplorerScreen />
    </RouteScreen>
  )
}
