import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ApiKeysScreen } from '@/components/api-keys/api-keys-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('apiKeys'))('title') }
}

export default function ApiKeysPage() {
  return (
    <RouteScreen>
      <ApiKeysScreen />
    </RouteScreen>
  )
}
