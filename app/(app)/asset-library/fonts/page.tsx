import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FontsScreen } from '@/components/brand/fonts-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('assetLibrary'))('fontsTitle') }
}

export default function FontsPage() {
  return (
    <RouteScreen>
      <FontsScreen />
    </RouteScreen>
  )
}
