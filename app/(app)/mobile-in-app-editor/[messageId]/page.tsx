import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { InAppEditorScreen } from '@/components/mobile/in-app-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inAppEditor'))('title') }
}

// /mobile-in-app-editor/{messageId}: an in-app message (banner or modal), its audience, window and preview.
export default async function InAppEditorPage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params
  return (
    <RouteScreen>
      <InAppEditorScreen messageId={messageId} />
    </RouteScreen>
  )
}
