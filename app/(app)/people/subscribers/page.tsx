import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SubscribersScreen } from '@/components/people/subscribers-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('people'))('subscribersTitle') }
}

export default function SubscribersPage() {
  return (
    <RouteScreen>
      <SubscribersScreen />
    </RouteScreen>
  )
}
