import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GuideScreen } from '@/components/guides/guide-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('bfcmHub'))('title') }
}

// /bfcm-hub: a guided page whose steps link to the tools and show what is done.
export default function BfcmHubPage() {
  return (
    <RouteScreen>
      <GuideScreen guide="bfcm" />
    </RouteScreen>
  )
}
