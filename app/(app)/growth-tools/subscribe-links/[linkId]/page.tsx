import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SubscribeLinkEditor } from '@/components/growth/subscribe-link-editor'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('editLinkTitle') }
}

export default async function EditSubscribeLinkPage({ params }: { params: Promise<{ linkId: string }> }) {
  const { linkId } = await params
  return (
    <RouteScreen>
      <SubscribeLinkEditor key={linkId} linkId={linkId} />
    </RouteScreen>
  )
}
