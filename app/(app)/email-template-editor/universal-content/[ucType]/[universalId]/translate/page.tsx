import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('pageTitle') }
}

export default async function UniversalContentTranslatePage({
  params,
}: {
  params: Promise<{ ucType: string; universalId: string }>
}) {
  const p = await params
  return (
    <RouteScreen>
      <TranslationScreen
        kind="universal-content"
        id={p.universalId}
        backHref={`/email-template-editor/universal-content/${encodeURIComponent(p.ucType)}/${encodeURIComponent(p.universalId)}`}
      />
    </RouteScreen>
  )
}
