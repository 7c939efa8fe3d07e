import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ThemedTemplatesScreen } from '@/components/templates/themed-templates-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('themedTemplates'))('title') }
}

export default function ThemedTemplatesPage() {
  return (
    <RouteScreen>
      <ThemedTemplatesScreen />
    </RouteScreen>
  )
}
