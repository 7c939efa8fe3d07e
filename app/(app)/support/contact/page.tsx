import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ContactScreen } from '@/components/support/contact-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('supportContact'))('title') }
}

export default function SupportContactPage() {
  return (
    <RouteScreen>
      <ContactScreen />
    </RouteScreen>
  )
}
