import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MessageContentScreen } from '@/components/flows/message-content/message-content-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowMessageContent'))('title') }
}

export default async function FlowMessageContentEditPage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params
  return (
    <RouteScreen>
      <MessageContentScreen messageId={messageId} goToEditor />
    </RouteScreen>
  )
}
