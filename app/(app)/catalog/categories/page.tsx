import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CatalogCategories } from '@/components/catalog/catalog-categories-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('categories') }
}

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  return (
    <RouteScreen>
      <CatalogCategories searchParams={await searchParams} />
    </RouteScreen>
  )
}
