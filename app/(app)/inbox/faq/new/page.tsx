import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FaqEditScreen } from '@/components/inbox-settings/faq-edit-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('faqNew') }
}

export default function Page() {
  return (
    <RouteScreen>
      <FaqEditScreen />
    </RouteScreen>
  )
}
