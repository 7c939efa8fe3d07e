import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormViewScreen } from '@/components/forms/view/form-view-screen'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('viewTitle') }
}

// /forms/{formId}: the form's live version (else its newest) read-only.
export default async function FormViewPage({ params }: { params: Promise<{ formId: string }> }) {
  const { formId } = await params
  const principal = await getCurrentPrincipal()
  return (
    <RouteScreen>
      <FormViewScreen formId={formId} publicKey={principal?.company.publicApiKey ?? ''} />
    </RouteScreen>
  )
}
