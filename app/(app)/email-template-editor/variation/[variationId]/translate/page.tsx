import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('pageTitle') }
}

export default async function VariationTranslatePage({ params }: { params: Promise<{ variationId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <TranslationScreen
        kind="variation"
        id={p.variationId}
        backHref={`/email-template-editor/variation/${encodeURIComponent(p.variationId)}`}
      />
    </RouteScreen>
  )
}
