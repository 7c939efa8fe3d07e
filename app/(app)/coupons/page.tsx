import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CouponsScreen } from '@/components/coupons/coupons-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('coupons'))('title') }
}

export default function CouponsPage() {
  return (
    <RouteScreen>
      <CouponsScreen />
    </RouteScreen>
  )
}
