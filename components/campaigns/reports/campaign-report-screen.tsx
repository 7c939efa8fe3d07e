'use client'
// /campaign/{campaignId}/reports/{tab} after the overview: the shared message-report tabs
// (recipients, links, deliverability: the same queries as the flow message reports) and the
// campaign's own (conversions, audience, variations, advanced).
import { useTranslations } from 'next-intl'
import { RecipientsTab } from '@/components/flows/reports/recipients-tab'
import { LinksTab } from '@/components/flows/reports/links-tab'
import { DeliverabilityTab } from '@/components/flows/reports/deliverability-tab'
import { AdvancedTab, AudienceTab, ConversionsTab, VariationsTab } from './campaign-tabs'
import { CampaignReportFrame } from './report-frame'
import { reportHref, type CampaignTab } from './tabs'

export function CampaignReportScreen({
  campaignId,
  tab,
}: {
  campaignId: string
  tab: Exclude<CampaignTab, 'overview'>
}) {
  const t = useTranslations('campaignReports')
  const base = `/ajax/campaign/${encodeURIComponent(campaignId)}/reports`
  const whoHref = (url: string) => `${reportHref(campaignId, 'link')}/who?url=${encodeURIComponent(url)}`
  return (
    <CampaignReportFrame campaignId={campaignId} tab={tab}>
      {tab === 'recipients' ? (
        <RecipientsTab base={base} />
      ) : tab === 'links' ? (
        <LinksTab base={base} whoHref={whoHref} />
      ) : tab === 'deliverability' ? (
        <DeliverabilityTab base={base} emptyBody={t('emptyBody')} />
      ) : tab === 'conversions' ? (
        <ConversionsTab base={base} />
      ) : tab === 'audience' ? (
        <AudienceTab base={base} />
      ) : tab === 'variations' ? (
        <VariationsTab base={base} />
      ) : (
        <AdvancedTab base={base} campaignId={campaignId} />
      )}
    </CampaignReportFrame>
  )
}
