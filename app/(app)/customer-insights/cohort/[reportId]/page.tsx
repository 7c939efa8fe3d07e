import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WithCurrency } from '@/components/insights/company-currency-view'
import { SavedCohortScreen } from '@/components/insights/saved-cohort-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('insights'))('savedReportTitle') }
}

export default async function SavedCohortPage({ params }: { params: Promise<{ reportId: string }> }) {
  const { reportId } = await params
  return (
    <RouteScreen>
      <WithCurrency>{(currency) => <SavedCohortScreen reportId={reportId} currency={currency} />}</WithCurrency>
    </RouteScreen>
  )
}
