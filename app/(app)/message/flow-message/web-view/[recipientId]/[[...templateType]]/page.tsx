import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowMessageWebViewScreen } from '@/components/campaigns/flow-message-web-view-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('remainingEditors'))('webViewTitle') }
}

// One recipient's flow email as it was sent; the recipient id is the send's signed web-view token.
export default async function FlowMessageWebViewPage({
  params,
}: {
  params: Promise<{ recipientId: string; templateType?: string[] }>
}) {
  const p = await params
  return (
    <RouteScreen>
      <FlowMessageWebViewScreen recipientId={p.recipientId} templateType={p.templateType?.[0]} />
    </RouteScreen>
  )
}
