// Seed 001 §2.6 (campaigns), resources from §6 "Campaigns and multi-account".
import { defineArea, EDITOR, PAGE } from '../define-route'

const campaigns = defineArea('campaigns', { required: ['campaigns_read'] })
const amp = { flag: 'amp' } as const

const CAMPAIGN_REPORTS = [
  'overview',
  'recipients',
  'conversions',
  'links',
  'link/who',
  'audience',
  'deliverability',
  'variations',
  'advanced',
]

/** The content editor of a campaign or a variation: edit, its amp and library variants, web view. */
function contentRoutes(base: string) {
  return [
    campaigns(`${base}/content/edit`, { ...EDITOR, built: true }),
    campaigns(`${base}/content/edit/amp`, { ...EDITOR, ...amp, built: true }),
    campaigns(`${base}/content/edit/library`, { ...EDITOR, built: true }),
    campaigns(`${base}/content/web-view/:templateType?`, { ...PAGE, built: true }),
  ]
}

export const CAMPAIGN_ROUTES = [
  // The seed names /campaigns/{view}; the view is optional so the plain /campaigns (the
  // navigation's target) opens the default view.
  campaigns('/campaigns/:view?', { built: true }),
  campaigns('/campaigns/library', { built: true }),
  campaigns('/campaigns/omni-list', { built: true }),
  // Served by /campaigns/[view] (trends and smartsendtime, without an experiment id).
  campaigns('/campaigns/smartsendtime/:experimentId?', { built: true }),
  campaigns('/campaigns/trends', { built: true }),

  campaigns('/campaign/:campaignId/wizard/:step?', { ...PAGE, built: true }),
  ...contentRoutes('/campaign/:campaignId'),
  campaigns('/campaign/:campaignId/cross-account-clone/:step', { ...PAGE, built: true }),
  campaigns('/campaign/template/:templateId/content/text', { ...EDITOR, built: true }),
  campaigns('/campaign/:messageId/schedule', { ...PAGE, built: true }),
  campaigns('/campaign/:messageId/scheduled', { built: true }),
  campaigns('/campaign/:messageId/sent', { built: true }),
  ...CAMPAIGN_REPORTS.map((r) => campaigns(`/campaign/:campaignId/reports/${r}`, { built: true })),

  campaigns('/omnicampaigns', { built: true }),
  campaigns('/omnicampaigns/:omnicampaignId', { built: true }),
  campaigns('/sandbox-omnicampaigns/:omnicampaignId', { built: true }),
  ...contentRoutes('/content/variation/:variationId'),

  // Message reports and previews by channel.
  campaigns('/notification/:messageType/:messageId/:action/:recipientId?', { built: true }),
  campaigns('/sms/:messageType/:messageId/:action/:recipientId?', { built: true }),
  campaigns('/message/flow-message/web-view/:recipientId/:templateType?', { ...PAGE, built: true }),
]
