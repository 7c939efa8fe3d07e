// The campaign-send-job and campaign-recipient-estimation(-job) resources: their ids are the
// campaign's id; their statuses come from the campaign (lifecycle.sendJobStatus) and from the
// CampaignEstimation row.
import { apiNotFound } from '@/lib/api/api-error'
import { apiLink } from '@/lib/api/json-api'
import { getEstimation, sendJobStatus } from '../lifecycle'
import { campaignApiCall } from './documents'

export async function sendJobDocument(url: URL, companyId: number, campaignId: string) {
  const status = await campaignApiCall(() => sendJobStatus(companyId, campaignId))
  const self = apiLink(url, `/campaign-send-jobs/${campaignId}/`)
  return {
    data: { type: 'campaign-send-job', id: campaignId, attributes: { status }, links: { self } },
    links: { self },
  }
}

async function estimationOrThrow(companyId: number, campaignId: string) {
  const e = await getEstimation(companyId, campaignId)
  if (!e)
    throw apiNotFound(
      `No recipient estimation job was found for campaign ${campaignId}; start one with POST /api/campaign-recipient-estimation-jobs.`,
    )
  return e
}

export async function estimationJobDocument(url: URL, companyId: number, campaignId: string) {
  const e = await estimationOrThrow(companyId, campaignId)
  const self = apiLink(url, `/campaign-recipient-estimation-jobs/${campaignId}/`)
  return {
    data: {
      type: 'campaign-recipient-estimation-job',
      id: campaignId,
      attributes: { status: e.status },
      links: { self },
    },
    links: { self },
  }
}

export async function estimationDocument(url: URL, companyId: number, campaignId: string) {
  const e = await estimationOrThrow(companyId, campaignId)
  const self = apiLink(url, `/campaign-recipient-estimations/${campaignId}/`)
  return {
    data: {
      type: 'campaign-recipient-estimation',
      id: campaignId,
      attributes: { estimated_recipient_count: e.count ?? 0 },
      links: { self },
    },
    links: { self },
  }
}
