import { ajax } from '@/lib/http/ajax'
import { getGuideCampaign, guideContentBody, saveGuideContent } from '@/lib/onboarding/segment-and-send'

// GET /ajax/onboarding/segment-and-send/{campaignId} – the campaign as the guide shows it
export const GET = ajax({
  resources: ['campaigns_read'],
  handler: ({ ctx, params }) => getGuideCampaign(ctx.principal.companyId, params.campaignId!),
})

// PUT /ajax/onboarding/segment-and-send/{campaignId} {subject, previewText, body} – the rich-text editor's save
export const PUT = ajax({
  resources: ['campaigns_write'],
  body: guideContentBody,
  handler: ({ ctx, params, body }) => saveGuideContent(ctx.principal.companyId, params.campaignId!, body),
})
export type GuideCampaignResponse = Awaited<ReturnType<typeof getGuideCampaign>>
