// The push or SMS message an editor opens by id (/push-editor/{messageId}, /sms-editor/{messageId}):
// a campaign's message (CampaignMessage.content, channel mobile_push | sms) or a flow's
// (FlowMessage.definition, channel push | sms). Both keep the editor's fields as JSON in the
// same snake_case names, so the editor reads and merges one object whichever it is. Always
// looked up with the company: another company's id is simply not found.
import { db } from '@/lib/db/client'
import { forbidden, notFound } from '@/lib/errors/app-error'

export type EditorChannel = 'push' | 'sms'

export interface ChannelMessage {
  id: string
  source: 'campaign' | 'flow'
  /** The campaign or flow the message belongs to. */
  parentId: string
  name: string
  fields: Record<string, unknown>
  updatedAt: Date
}

const CAMPAIGN_CHANNEL: Record<EditorChannel, string> = { push: 'mobile_push', sms: 'sms' }

function parseObj(s: string): Record<string, unknown> {
  try {
    const v = JSON.parse(s) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export async function findChannelMessage(
  companyId: number,
  channel: EditorChannel,
  id: string,
): Promise<ChannelMessage> {
  const c = await db.campaignMessage.findFirst({ where: { companyId, id, channel: CAMPAIGN_CHANNEL[channel] } })
  if (c)
    return {
      id,
      source: 'campaign',
      parentId: c.campaignId,
      name: c.label,
      fields: parseObj(c.content),
      updatedAt: c.updatedAt,
    }
  const f = await db.flowMessage.findFirst({ where: { companyId, id, channel } })
  if (f)
    return {
      id,
      source: 'flow',
      parentId: f.flowId,
      name: f.name ?? '',
      fields: parseObj(f.definition),
      updatedAt: f.updatedAt,
    }
  throw notFound(channel === 'push' ? 'This push message does not exist.' : 'This SMS message does not exist.')
}

/** Who may change a message: campaign editors for a campaign's, flow content editors for a flow's. */
export const WRITE_RESOURCE = { campaign: 'campaigns_write', flow: 'flows_content_write' } as const

/** Merges the editor's fields into the stored JSON (other keys of the message are kept). */
export async function saveChannelFields(
  companyId: number,
  channel: EditorChannel,
  id: string,
  fields: Record<string, unknown>,
  held: Set<string>,
): Promise<ChannelMessage> {
  const m = await findChannelMessage(companyId, channel, id)
  if (!held.has(WRITE_RESOURCE[m.source])) throw forbidden()
  const json = JSON.stringify({ ...m.fields, ...fields })
  if (m.source === 'campaign')
    await db.campaignMessage.updateMany({ where: { companyId, id }, data: { content: json } })
  else await db.flowMessage.updateMany({ where: { companyId, id }, data: { definition: json } })
  return findChannelMessage(companyId, channel, id)
}
