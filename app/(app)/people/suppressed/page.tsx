import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SuppressedScreen } from '@/components/people/suppressed-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('people'))('suppressedTitle') }
}

export default function SuppressedPage() {
  return (
    <RouteScreen>
      <SuppressedScreen />
    </RouteScreen>
  )
}
