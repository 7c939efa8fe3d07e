import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GuideScreen } from '@/components/guides/guide-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('growthStrategies'))('title') }
}

// /growth-strategies: a guided page whose steps link to the tools and show what is done.
export default function GrowthStrategiesPage() {
  return (
    <RouteScreen>
      <GuideScreen guide="growth" />
    </RouteScreen>
  )
}
