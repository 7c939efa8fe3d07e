import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MessageReportsScreen } from '@/components/flows/reports/message-reports-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowReports'))('title') }
}

// Who clicked one link of the flow message (?url=), reached from the links tab.
export default async function FlowMessageLinkWhoPage({
  params,
  searchParams,
}: {
  params: Promise<{ messageId: string }>
  searchParams: Promise<{ url?: string | string[] }>
}) {
  const { messageId } = await params
  const { url } = await searchParams
  return (
    <RouteScreen>
      <MessageReportsScreen messageId={messageId} tab="link-who" url={typeof url === 'string' && url ? url : null} />
    </RouteScreen>
  )
}
