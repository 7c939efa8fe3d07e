import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DeliverabilityScreen } from '@/components/deliverability/deliverability-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('deliverability'))('title') }
}

// /analytics/deliverability/sms: SMS delivery, failure and opt-out rates.
export default function SmsDeliverabilityPage() {
  return (
    <RouteScreen>
      <DeliverabilityScreen view="sms" />
    </RouteScreen>
  )
}
