import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TemplatesScreen } from '@/components/templates/templates-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templates'))('title') }
}

export default function TemplatesPage() {
  return (
    <RouteScreen>
      <TemplatesScreen />
    </RouteScreen>
  )
}
