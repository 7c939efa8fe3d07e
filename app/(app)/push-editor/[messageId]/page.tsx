import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PushEditorScreen } from '@/components/mobile/push-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('pushEditor'))('title') }
}

// /push-editor/{messageId}: a campaign's or flow's push message, its preview and a test send.
export default async function PushEditorPage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params
  return (
    <RouteScreen>
      <PushEditorScreen messageId={messageId} />
    </RouteScreen>
  )
}
