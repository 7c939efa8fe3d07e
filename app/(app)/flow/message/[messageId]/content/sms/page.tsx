import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsEditorScreen } from '@/components/mobile/sms-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('smsEditor'))('title') }
}

// The flow message's SMS in the SMS editor (the same screen as /sms-editor/{id}).
export default async function FlowMessageSmsContentPage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params
  return (
    <RouteScreen>
      <SmsEditorScreen messageId={messageId} />
    </RouteScreen>
  )
}
