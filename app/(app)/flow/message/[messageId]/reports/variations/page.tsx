import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MessageReportsScreen } from '@/components/flows/reports/message-reports-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowReports'))('title') }
}

export default async function FlowMessageReportPage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params
  return (
    <RouteScreen>
      <MessageReportsScreen messageId={messageId} tab="variations" />
    </RouteScreen>
  )
}
