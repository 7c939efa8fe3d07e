import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WithCurrency } from '@/components/insights/company-currency-view'
import { PredictiveModelsScreen } from '@/components/predictive/predictive-models-screen'
import { PREDICTIVE_TABS, type PredictiveTab } from '@/components/predictive/predictive-tabs'

export async function generateMetadata() {
  return { title: (await getTranslations('predictive'))('title') }
}

// clv
export default async function PredictiveModelsPage({ params }: { params: Promise<{ tabName: string }> }) {
  const { tabName } = await params
  if (!(PREDICTIVE_TABS as readonly string[]).includes(tabName)) notFound()
  return (
    <RouteScreen>
      <WithCurrency>
        {(currency) => <PredictiveModelsScreen tab={tabName as PredictiveTab} currency={currency} />}
      </WithCurrency>
    </RouteScreen>
  )
}
