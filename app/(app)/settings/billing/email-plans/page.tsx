import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PlansScreen } from '@/components/billing/plans-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('emailPlansTitle') }
}

export default function EmailPlansPage() {
  return (
    <RouteScreen>
      <PlansScreen channel="email" />
    </RouteScreen>
  )
}
