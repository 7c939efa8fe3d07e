import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsEditorScreen } from '@/components/mobile/sms-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('smsEditor'))('title') }
}

// /sms-editor/{messageId}: a campaign's or flow's SMS body, its preview with segments and cost, a test text.
export default async function SmsEditorPage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params
  return (
    <RouteScreen>
      <SmsEditorScreen messageId={messageId} />
    </RouteScreen>
  )
}
