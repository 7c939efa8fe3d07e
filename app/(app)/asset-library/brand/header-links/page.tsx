import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BrandScreen } from '@/components/brand/brand-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('assetLibrary'))('brandTitle') }
}

export default function BrandHeaderLinksPage() {
  return (
    <RouteScreen>
      <BrandScreen section="header-links" />
    </RouteScreen>
  )
}
