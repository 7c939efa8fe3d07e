import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { IntelligenceHubScreen } from '@/components/insights/intelligence-hub-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('dataPlatform'))('intelligence.title') }
}

// The five known tabs are redirects (lib/routes/redirects.ts, applied by proxy.ts before routes
// match); any other tab, and none, is the hub.
export default function IntelligencePage() {
  return (
    <RouteScreen>
      <IntelligenceHubScreen />
    </RouteScreen>
  )
}
