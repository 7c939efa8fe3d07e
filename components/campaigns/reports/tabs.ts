// The campaign report tabs (seed 001 §2.6), shared by the server pages and the client frame.
export const CAMPAIGN_TABS = [
  'overview',
  'recipients',
  'conversions',
  'links',
  'audience',
  'deliverability',
  'variations',
  'advanced',
] as const
export type CampaignTab = (typeof CAMPAIGN_TABS)[number]

/** A tab's screen path (built from parts: every tab is a registered, built route). */
export const reportHref = (campaignId: string, tab: string) =>
  ['', 'campaign', encodeURIComponent(campaignId), 'reports', tab].join('/')
