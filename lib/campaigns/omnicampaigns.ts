// Omnichannel campaigns (seed 001 §2.6): campaigns sharing an omnicampaignId, one per channel,
// created together and listed as one.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { CampaignError } from './errors'
import { createCampaign, listCampaigns, type CampaignView } from './store'
import type { CreateCampaignInput } from './validate'

const notFound = (what: string, id: string) => new CampaignError('not_found', `${what} ${id} not found.`)

export interface OmnicampaignView {
  id: string
  name: string
  campaigns: CampaignView[]
}

export async function createOmnicampaign(
  companyId: number,
  input: { name: string; channels: string[]; audiences?: { included: string[]; excluded?: string[] | null } },
  opts: { userId?: number | null } = {},
): Promise<OmnicampaignView> {
  const channels = [...new Set(input.channels)]
  if (!channels.length) throw new CampaignError('invalid', 'Choose at least one channel.', { field: 'channels' })
  const omnicampaignId = ulid()
  for (const channel of channels) {
    await createCampaign(
      companyId,
      {
        name: input.name,
        channel: channel as CreateCampaignInput['channel'],
        audiences: input.audiences,
        omnicampaignId,
      },
      opts,
    )
  }
  return (await getOmnicampaign(companyId, omnicampaignId))!
}

export async function getOmnicampaign(companyId: number, omnicampaignId: string): Promise<OmnicampaignView> {
  const { campaigns } = await listCampaigns(companyId, { omnicampaignId, pageSize: 100, sort: 'first_modified' })
  if (!campaigns.length) throw notFound('Omnichannel campaign', omnicampaignId)
  campaigns.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
  return { id: omnicampaignId, name: campaigns[0]!.name, campaigns }
}

export async function listOmnicampaigns(
  companyId: number,
  q: { page?: number; pageSize?: number } = {},
): Promise<{ omnicampaigns: OmnicampaignView[]; totalCount: number }> {
  const page = Math.max(1, q.page ?? 1)
  const pageSize = Math.min(100, Math.max(1, q.pageSize ?? 25))
  const groups = await db.campaign.groupBy({
    by: ['omnicampaignId'],
    where: { companyId, omnicampaignId: { not: null } },
    _max: { updatedAt: true },
    orderBy: [{ _max: { updatedAt: 'desc' } }, { omnicampaignId: 'desc' }],
  })
  const slice = groups.slice((page - 1) * pageSize, page * pageSize)
  const out: OmnicampaignView[] = []
  for (const g of slice) out.push(await getOmnicampaign(companyId, g.omnicampaignId!))
  return { omnicampaigns: out, totalCount: groups.length }
}
