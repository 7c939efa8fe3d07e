import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateTemplateScreen } from '@/components/templates/create-template-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templates'))('createTitle') }
}

export default function CreateTemplatePage() {
  return (
    <RouteScreen>
      <CreateTemplateScreen />
    </RouteScreen>
  )
}
