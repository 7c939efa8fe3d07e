import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PaymentHistoryScreen } from '@/components/billing/payment-history-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('paymentsTitle') }
}

export default function PaymentHistoryPage() {
  return (
    <RouteScreen>
      <PaymentHistoryScreen />
    </RouteScreen>
  )
}
