'use client'
// /customer-insights/{rfm,cohort,funnel,audience}: the page head, the tab strip and the tab.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { AudienceTab } from './audience-tab'
import { CohortTab } from './cohort-tab'
import { FunnelTab } from './funnel-tab'
import { InsightsTabs, type CustomerTab } from './insights-tabs'
import { RfmTab } from './rfm-tab'

export function CustomerInsightsScreen({ tab, currency }: { tab: CustomerTab; currency: string }) {
  const t = useTranslations('insights')
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <InsightsTabs current={tab} />
        {tab === 'rfm' && <RfmTab currency={currency} />}
        {tab === 'cohort' && <CohortTab currency={currency} />}
        {tab === 'funnel' && <FunnelTab />}
        {tab === 'audience' && <AudienceTab currency={currency} />}
      </PageBody>
    </Page>
  )
}
