import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('pageTitle') }
}

export default async function FlowMessageTranslatePage({ params }: { params: Promise<{ flowMessageId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <TranslationScreen
        kind="flow-message"
        id={p.flowMessageId}
        backHref={`/email-template-editor/flow-message/${encodeURIComponent(p.flowMessageId)}`}
      />
    </RouteScreen>
  )
}
