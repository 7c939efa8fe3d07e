import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DeliverabilityScreen } from '@/components/deliverability/deliverability-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('deliverability'))('title') }
}

// /analytics/deliverability/email/score: the score and its formula.
export default function DeliverabilityScorePage() {
  return (
    <RouteScreen>
      <DeliverabilityScreen view="score" />
    </RouteScreen>
  )
}
