import { getTranslations } from 'next-intl/server'

import { RouteScreen } from '@/components/shell/route-screen'
import { CodeOverviewScreen } from '@/components/cdp-code/code-overview-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('cdpCode'))('overviewTitle') }
}

export default function CodeOverviewPage() {
  return (
    <RouteScreen>
      <CodeOverviewScreen />
    </RouteScreen>
  )
}
