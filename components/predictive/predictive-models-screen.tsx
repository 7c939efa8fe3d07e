'use client'
// /predictive-models/{clv}: the page head, the tab strip and the tab.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { ClvTab } from './clv-tab'
import { PredictiveTabs, type PredictiveTab } from './predictive-tabs'

export function PredictiveModelsScreen({ tab, currency }: { tab: PredictiveTab; currency: string }) {
  const t = useTranslations('predictive')
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <PredictiveTabs current={tab} />
        {tab === 'clv' && <ClvTab currency={currency} />}
      </PageBody>
    </Page>
  )
}
