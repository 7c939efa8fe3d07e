import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EditorTargetScreen } from '@/components/templates/editor/editor-target-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateEditor'))('pageTitle') }
}

// The flow message's email in the email template editor (the same screen as /email-template-editor/flow-message/{id}).
export default async function FlowMessageEmailContentPage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params
  return (
    <RouteScreen>
      <EditorTargetScreen kind="flow-message" id={messageId} />
    </RouteScreen>
  )
}
