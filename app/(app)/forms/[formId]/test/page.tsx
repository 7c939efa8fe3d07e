import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormTestScreen } from '@/components/forms/test/form-test-screen'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('testPageTitle') }
}

// /forms/{formId}/test: the form on desktop and phone side by side.
export default async function FormTestPage({ params }: { params: Promise<{ formId: string }> }) {
  const { formId } = await params
  const principal = await getCurrentPrincipal()
  return (
    <RouteScreen>
      <FormTestScreen formId={formId} publicKey={principal?.company.publicApiKey ?? ''} />
    </RouteScreen>
  )
}
