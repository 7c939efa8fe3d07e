import { getTranslations } from 'next-intl/server'
import { notFound } from 'next/navigation'
import { RouteScreen } from '@/components/shell/route-screen'
import { TransformationBuildScreen } from '@/components/cdp-code/transformation-build-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('cdpCode'))('buildTitle') }
}

// /cdp/transformation/build starts a new transformation; /{transformationId} opens one's code.
export default async function TransformationBuildPage({
  params,
}: {
  params: Promise<{ transformationId?: string[] }>
}) {
  const { transformationId } = await params
  if (transformationId && transformationId.length > 1) notFound()
  return (
    <RouteScreen>
      <TransformationBuildScreen transformationId={transformationId?.[0]} />
    </RouteScreen>
  )
}
