import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { HostedPagesScreen } from '@/components/growth/hosted-pages-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('hostedPagesTitle') }
}

export default function HostedPagesPage() {
  return (
    <RouteScreen>
      <HostedPagesScreen />
    </RouteScreen>
  )
}
