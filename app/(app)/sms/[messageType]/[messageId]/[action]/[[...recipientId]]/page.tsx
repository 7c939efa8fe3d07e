import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SentMessageScreen } from '@/components/mobile/sent-message-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('sentMessage'))('titleSms') }
}

type Params = { messageType: string; messageId: string; action: string; recipientId?: string[] }

// /sms/{messageType}/{messageId}/{action}/{recipientId?}: report or preview of an SMS message, or of one recipient's.
export default async function SentMessagePage({ params }: { params: Promise<Params> }) {
  const p = await params
  return (
    <RouteScreen>
      <SentMessageScreen
        channel="sms"
        messageType={p.messageType}
        messageId={p.messageId}
        action={p.action}
        recipientId={p.recipientId?.[0]}
      />
    </RouteScreen>
  )
}
