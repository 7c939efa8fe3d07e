import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ImagesScreen } from '@/components/brand/images-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('assetLibrary'))('imagesTitle') }
}

export default function AssetImagesPage() {
  return (
    <RouteScreen>
      <ImagesScreen />
    </RouteScreen>
  )
}
