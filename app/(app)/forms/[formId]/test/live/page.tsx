import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FormTestLiveScreen } from '@/components/forms/test/form-test-live-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('live.title') }
}

// /forms/{formId}/test/live: the form on the merchant's own store page.
export default async function FormTestLivePage({ params }: { params: Promise<{ formId: string }> }) {
  const { formId } = await params
  return (
    <RouteScreen>
      <FormTestLiveScreen formId={formId} />
    </RouteScreen>
  )
}
