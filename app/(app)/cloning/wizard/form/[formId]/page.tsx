import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CloneFormScreen } from '@/components/forms/clone/clone-form-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('cloneTitle') }
}

// /cloning/wizard/form/{formId}: name a copy of the form and open it in the editor.
export default async function CloneFormPage({ params }: { params: Promise<{ formId: string }> }) {
  const { formId } = await params
  return (
    <RouteScreen>
      <CloneFormScreen formId={formId} />
    </RouteScreen>
  )
}
