import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { InboxScreen } from '@/components/inbox/inbox-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inbox'))('smsTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <InboxScreen channel="sms" />
    </RouteScreen>
  )
}
