import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReferralsScreen } from '@/components/billing/referrals-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('referralsTitle') }
}

export default function ReferralsPage() {
  return (
    <RouteScreen>
      <ReferralsScreen />
    </RouteScreen>
  )
}
