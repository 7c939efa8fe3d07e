import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CrossAccountCloneWizard } from '@/components/portfolio/clone/cross-account-clone-wizard'
import { templateCloneSteps } from '@/components/portfolio/clone/clone-steps'

export async function generateMetadata() {
  return { title: (await getTranslations('crossAccountClone'))('pageTitle') }
}

export default async function Page({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params
  return (
    <RouteScreen>
      <CrossAccountCloneWizard
        kind="template"
        sourceId={templateId}
        steps={templateCloneSteps(templateId)}
        step="accounts"
        backHref="/templates"
      />
    </RouteScreen>
  )
}
