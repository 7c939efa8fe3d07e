import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CatalogItems } from '@/components/catalog/catalog-items-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('catalog'))('itemsTitle') }
}

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  return (
    <RouteScreen>
      <CatalogItems searchParams={await searchParams} />
    </RouteScreen>
  )
}
