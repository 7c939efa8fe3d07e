import { Suspense } from 'react'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PrivateApiKeyScreen } from '@/components/api-keys/private-api-key-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('privateApiKey'))('cloneTitle') }
}

export default function ClonePrivateApiKeyPage() {
  return (
    <RouteScreen>
      <Suspense>
        <PrivateApiKeyScreen mode="clone" />
      </Suspense>
    </RouteScreen>
  )
}
