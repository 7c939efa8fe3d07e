import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ManageSubscriptionScreen } from '@/components/billing/manage-subscription-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('manageTitle') }
}

export default function ManageSubscriptionPage() {
  return (
    <RouteScreen>
      <ManageSubscriptionScreen />
    </RouteScreen>
  )
}
