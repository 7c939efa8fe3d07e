import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AmpTargetScreen } from '@/components/templates/editor/amp-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('ampEditor'))('title') }
}

// The AMP for Email part of an A/B variation's email.
export default async function VariationAmpPage({ params }: { params: Promise<{ variationId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <AmpTargetScreen kind="variation" id={p.variationId} />
    </RouteScreen>
  )
}
