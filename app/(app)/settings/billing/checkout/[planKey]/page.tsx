import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CheckoutScreen } from '@/components/billing/checkout-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('checkoutTitle') }
}

export default async function CheckoutPage({ params }: { params: Promise<{ planKey: string }> }) {
  const { planKey } = await params
  let key = planKey
  try {
    key = decodeURIComponent(planKey)
  } catch {
    // A malformed escape is just an unknown plan: the screen says so.
  }
  return (
    <RouteScreen>
      <CheckoutScreen planKey={key} />
    </RouteScreen>
  )
}
