import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CatalogVariantDetail } from '@/components/catalog/catalog-variant-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('variant') }
}

export default async function Page({ params }: { params: Promise<{ variantId: string }> }) {
  return (
    <RouteScreen>
      <CatalogVariantDetail variantId={(await params).variantId} />
    </RouteScreen>
  )
}
