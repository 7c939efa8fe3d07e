import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormViewScreen } from '@/components/forms/view/form-view-screen'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('viewTitle') }
}

// /forms/{formId}/variations/{formVersionId}/view: one version read-only.
export default async function FormVersionViewPage({
  params,
}: {
  params: Promise<{ formId: string; formVersionId: string }>
}) {
  const { formId, formVersionId } = await params
  const principal = await getCurrentPrincipal()
  return (
    <RouteScreen>
      <FormViewScreen formId={formId} versionId={formVersionId} publicKey={principal?.company.publicApiKey ?? ''} />
    </RouteScreen>
  )
}
