import { Suspense } from 'react'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PrivateApiKeyScreen } from '@/components/api-keys/private-api-key-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('privateApiKey'))('createTitle') }
}

export default function CreatePrivateApiKeyPage() {
  return (
    <RouteScreen>
      <Suspense>
        <PrivateApiKeyScreen mode="create" />
      </Suspense>
    </RouteScreen>
  )
}
