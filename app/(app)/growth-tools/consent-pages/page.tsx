import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ConsentPagesScreen } from '@/components/growth/consent-pages-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('consentPagesTitle') }
}

export default function ConsentPagesPage() {
  return (
    <RouteScreen>
      <ConsentPagesScreen />
    </RouteScreen>
  )
}
