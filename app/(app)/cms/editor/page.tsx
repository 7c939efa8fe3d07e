import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CmsEditorScreen } from '@/components/templates/universal/cms-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('cmsTitle') }
}

export default async function CmsEditorPage() {
  return (
    <RouteScreen>
      <CmsEditorScreen />
    </RouteScreen>
  )
}
