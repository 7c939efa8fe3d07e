import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PlansScreen } from '@/components/billing/plans-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('smsPlansTitle') }
}

export default function SmsPlansPage() {
  return (
    <RouteScreen>
      <PlansScreen channel="sms" />
    </RouteScreen>
  )
}
