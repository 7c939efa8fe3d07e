// The campaign overview report: the campaign and its figures (lib/reporting: the 31 statistics
// from its Sends, human message events and attributed conversions), plus the A/B test state.
import { getCampaign } from '@/lib/campaigns/store'
import { campaignFigures } from '@/lib/reporting/campaign-values'
import { companyCurrency } from '@/lib/reporting/company-currency'
import { campaignAjaxCall } from './common'

export async function campaignOverview(companyId: number, campaignId: string) {
  const campaign = await campaignAjaxCall(() => getCampaign(companyId, campaignId))
  const [{ byMessage, ...statistics }, currency] = await Promise.all([
    campaignFigures(companyId, campaignId),
    companyCurrency(companyId),
  ])
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      channel: campaign.channel,
      status: campaign.status,
      sentAt: campaign.sentAt,
      sendStartedAt: campaign.sendStartedAt,
      abTest: campaign.abTest,
    },
    currency,
    statistics,
    byMessage,
  }
}
export type CampaignOverviewResponse = Awaited<ReturnType<typeof campaignOverview>>
