// The /api campaign route handlers behind a tiny router (in-process, or a real HTTP server on
// 127.0.0.1 for the official SDK), for the campaigns-api*.test.ts files.
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as campaigns from '@/app/api/campaigns/route'
import * as campaign from '@/app/api/campaigns/[id]/route'
import * as campaignMessages from '@/app/api/campaigns/[id]/campaign-messages/route'
import * as campaignMessagesRel from '@/app/api/campaigns/[id]/relationships/campaign-messages/route'
import * as campaignTags from '@/app/api/campaigns/[id]/tags/route'
import * as campaignTagsRel from '@/app/api/campaigns/[id]/relationships/tags/route'
import * as message from '@/app/api/campaign-messages/[id]/route'
import * as messageCampaign from '@/app/api/campaign-messages/[id]/campaign/route'
import * as messageCampaignRel from '@/app/api/campaign-messages/[id]/relationships/campaign/route'
import * as messageTemplate from '@/app/api/campaign-messages/[id]/template/route'
import * as messageTemplateRel from '@/app/api/campaign-messages/[id]/relationships/template/route'
import * as messageImage from '@/app/api/campaign-messages/[id]/image/route'
import * as messageImageRel from '@/app/api/campaign-messages/[id]/relationships/image/route'
import * as assign from '@/app/api/campaign-message-assign-template/route'
import * as sendJobs from '@/app/api/campaign-send-jobs/route'
import * as sendJob from '@/app/api/campaign-send-jobs/[id]/route'
import * as estJobs from '@/app/api/campaign-recipient-estimation-jobs/route'
import * as estJob from '@/app/api/campaign-recipient-estimation-jobs/[id]/route'
import * as estimation from '@/app/api/campaign-recipient-estimations/[id]/route'
import * as clone from '@/app/api/campaign-clone/route'
import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/campaigns', campaigns],
  ['/api/campaigns/:id', campaign],
  ['/api/campaigns/:id/campaign-messages', campaignMessages],
  ['/api/campaigns/:id/relationships/campaign-messages', campaignMessagesRel],
  ['/api/campaigns/:id/tags', campaignTags],
  ['/api/campaigns/:id/relationships/tags', campaignTagsRel],
  ['/api/campaign-messages/:id', message],
  ['/api/campaign-messages/:id/campaign', messageCampaign],
  ['/api/campaign-messages/:id/relationships/campaign', messageCampaignRel],
  ['/api/campaign-messages/:id/template', messageTemplate],
  ['/api/campaign-messages/:id/relationships/template', messageTemplateRel],
  ['/api/campaign-messages/:id/image', messageImage],
  ['/api/campaign-messages/:id/relationships/image', messageImageRel],
  ['/api/campaign-message-assign-template', assign],
  ['/api/campaign-send-jobs', sendJobs],
  ['/api/campaign-send-jobs/:id', sendJob],
  ['/api/campaign-recipient-estimation-jobs', estJobs],
  ['/api/campaign-recipient-estimation-jobs/:id', estJob],
  ['/api/campaign-recipient-estimations/:id', estimation],
  ['/api/campaign-clone', clone],
]

const table = routeTable(TABLE)

/** One call as an API client sends it (rate limits reset: the tests make many calls); the answer's JSON read. */
export async function campaignApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  return table.call(method, path, key, body)
}

// One test makes more calls than the 10/s burst allows; the SDK would retry each 429 after a pause.
export const startCampaignServer = () => table.start({ onRequest: resetRateLimits })
export type { RouteServer }
