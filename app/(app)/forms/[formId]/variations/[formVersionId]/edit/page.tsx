import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormEditorScreen } from '@/components/forms/editor/form-editor-screen'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('editorTitle') }
}

// /forms/{formId}/variations/{formVersionId}/edit: the form editor (EDITOR layout: no side navigation, no chat).
export default async function FormEditPage({ params }: { params: Promise<{ formId: string; formVersionId: string }> }) {
  const { formId, formVersionId } = await params
  const principal = await getCurrentPrincipal()
  return (
    <RouteScreen>
      <FormEditorScreen formId={formId} versionId={formVersionId} publicKey={principal?.company.publicApiKey ?? ''} />
    </RouteScreen>
  )
}
