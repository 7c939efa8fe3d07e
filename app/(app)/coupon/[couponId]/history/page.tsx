import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CouponHistoryScreen } from '@/components/coupons/coupon-history-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('couponHistory'))('title') }
}

export default async function CouponHistoryPage({ params }: { params: Promise<{ couponId: string }> }) {
  const { couponId } = await params
  return (
    <RouteScreen>
      <CouponHistoryScreen couponId={couponId} />
    </RouteScreen>
  )
}
