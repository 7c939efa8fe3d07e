import { getTranslations } from 'next-intl/server'

import { RouteScreen } from '@/components/shell/route-screen'
import { CodeAuthorizeScreen } from '@/components/cdp-code/code-authorize-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('cdpCode'))('authorizeTitle') }
}

export default function CodeAuthorizePage() {
  return (
    <RouteScreen>
      <CodeAuthorizeScreen />
    </RouteScreen>
  )
}
