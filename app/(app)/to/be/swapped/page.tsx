import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { MessageSwapScreen } from '@/components/message-swap/message-swap-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('remainingEditors'))('swapEmailTitle') }
}

// /to/be/swapped: an email message's content swapped for a saved template, with versions to restore.
export default async function EmailSwapPage() {
  return (
    <RouteScreen>
      <MessageSwapScreen channel="email" />
    </RouteScreen>
  )
}
