import { getTranslations } from 'next-intl/server'
import { ConfirmSubscriptionScreen, confirmSubscription } from '@/components/subscriptions/confirm-subscription-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('subscriptionConfirm'))('documentTitle') }
}

type Params = { companyId: string; profileId: string; listId: string; token: string }

export default async function ConfirmSubscriptionPage({ params }: { params: Promise<Params> }) {
  const p = await params
  return (
    <ConfirmSubscriptionScreen
      confirmed={await confirmSubscription(p)}
      companyId={Number(p.companyId)}
      listId={p.listId}
    />
  )
}
