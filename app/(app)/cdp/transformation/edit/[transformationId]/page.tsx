import { getTranslations } from 'next-intl/server'

import { RouteScreen } from '@/components/shell/route-screen'
import { TransformationEditScreen } from '@/components/cdp-code/transformation-edit-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('cdpCode'))('transformationTitle') }
}

export default async function TransformationEditPage({ params }: { params: Promise<{ transformationId: string }> }) {
  const { transformationId } = await params
  return (
    <RouteScreen>
      <TransformationEditScreen transformationId={transformationId} />
    </RouteScreen>
  )
}
