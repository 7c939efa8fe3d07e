import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { NewCouponScreen } from '@/components/coupons/new-coupon-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('coupons'))('title') }
}

export default async function CouponPage({ params }: { params: Promise<{ integrationKey: string }> }) {
  const { integrationKey } = await params
  return (
    <RouteScreen>
      <NewCouponScreen integrationKey={decodeURIComponent(integrationKey)} />
    </RouteScreen>
  )
}
