import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FaqListScreen } from '@/components/inbox-settings/faq-list-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('faqTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <FaqListScreen />
    </RouteScreen>
  )
}
