import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CouponScreen } from '@/components/coupons/coupon-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('coupons'))('title') }
}

export default async function CouponPage({ params }: { params: Promise<{ couponId: string }> }) {
  const { couponId } = await params
  return (
    <RouteScreen>
      <CouponScreen couponId={couponId} />
    </RouteScreen>
  )
}
