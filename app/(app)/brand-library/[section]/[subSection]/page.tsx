import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BrandScreen } from '@/components/brand/brand-screen'
import { FontsScreen } from '@/components/brand/fonts-screen'
import { brandLibraryView } from '@/components/brand/brand-library-section'

export async function generateMetadata() {
  return { title: (await getTranslations('assetLibrary'))('brandTitle') }
}

export default async function BrandLibraryPage({
  params,
}: {
  params: Promise<{ section: string; subSection: string }>
}) {
  const { section, subSection } = await params
  const view = brandLibraryView(section, subSection)
  if (!view) notFound()
  return (
    <RouteScreen>
      {view.kind === 'brand' ? <BrandScreen section={view.section} /> : <FontsScreen source={view.source} />}
    </RouteScreen>
  )
}
