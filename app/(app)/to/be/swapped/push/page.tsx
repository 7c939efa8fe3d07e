import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MessageSwapScreen } from '@/components/message-swap/message-swap-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('remainingEditors'))('swapPushTitle') }
}

// /to/be/swapped/push: a push message's content swapped for saved push content, with versions to restore.
export default async function PushSwapPage() {
  return (
    <RouteScreen>
      <MessageSwapScreen channel="push" />
    </RouteScreen>
  )
}
