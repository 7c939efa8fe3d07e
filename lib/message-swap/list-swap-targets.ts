// The messages a swap can change and the saved content it can swap in, for one channel: email
// messages of campaigns and flows with the account's saved (reusable) templates, or push
// messages of campaigns with the push content of the account's other push messages.
import { db } from '@/lib/db/client'
import { assertEditable } from '@/lib/campaigns/lifecycle'
import { CampaignError } from '@/lib/campaigns/errors'
import type { SwapChannel, SwapSource, SwapTarget } from './swap-types'

const LIMIT = 200
const CAMPAIGN_CHANNELS: Record<SwapChannel, string[]> = { email: ['email'], push: ['mobile_push', 'push'] }

export const parseJson = (s: string | null | undefined): Record<string, unknown> => {
  try {
    const v = JSON.parse(s || '{}') as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export function campaignBlock(status: string): string | null {
  try {
    assertEditable({ status })
    return null
  } catch (e) {
    if (e instanceof CampaignError) return e.message
    throw e
  }
}

/** Why a flow email's template cannot be changed in place: it is a library template or shared. */
export async function flowTemplateBlock(companyId: number, flowMessageId: string, templateId: string | null) {
  if (!templateId) return 'This flow email has no template yet.'
  const [tpl, flowUses, campaignUses, variationUses] = await Promise.all([
    db.template.findFirst({ where: { companyId, id: templateId }, select: { archived: true } }),
    db.flowMessage.count({ where: { companyId, templateId, id: { not: flowMessageId } } }),
    db.campaignMessage.count({ where: { companyId, templateId } }),
    db.campaignVariation.count({ where: { companyId, templateId } }),
  ])
  if (!tpl) return 'This flow email has no template yet.'
  // A saved template (shown in the library) or one another message sends would change with it.
  if (!tpl.archived || flowUses + campaignUses + variationUses > 0)
    return 'This flow email uses a shared template; open the flow to change it.'
  return null
}

export async function listSwapTargets(companyId: number, channel: SwapChannel) {
  const messages = await db.campaignMessage.findMany({
    where: { companyId, channel: { in: CAMPAIGN_CHANNELS[channel] } },
    orderBy: { updatedAt: 'desc' },
    take: LIMIT,
    select: { id: true, campaignId: true, label: true },
  })
  const campaigns = await db.campaign.findMany({
    where: { companyId, id: { in: [...new Set(messages.map((m) => m.campaignId))] }, archived: false },
    select: { id: true, name: true, status: true },
  })
  const targets: SwapTarget[] = []
  for (const m of messages) {
    const c = campaigns.find((x) => x.id === m.campaignId)
    if (!c) continue
    targets.push({
      kind: 'campaign_message',
      id: m.id,
      label: m.label ? `${c.name} · ${m.label}` : c.name,
      parentId: c.id,
      blocked: campaignBlock(c.status),
    })
  }
  if (channel === 'email') {
    const flowMessages = await db.flowMessage.findMany({
      where: { companyId, channel: 'email' },
      orderBy: { updatedAt: 'desc' },
      take: LIMIT,
      select: { id: true, flowId: true, name: true, templateId: true },
    })
    const flows = await db.flow.findMany({
      where: { companyId, id: { in: [...new Set(flowMessages.map((m) => m.flowId))] }, archived: false },
      select: { id: true, name: true },
    })
    for (const m of flowMessages) {
      const f = flows.find((x) => x.id === m.flowId)
      if (!f) continue
      targets.push({
        kind: 'flow_message',
        id: m.id,
        label: m.name ? `${f.name} · ${m.name}` : f.name,
        parentId: f.id,
        blocked: await flowTemplateBlock(companyId, m.id, m.templateId),
      })
    }
  }
  return { targets, sources: await listSwapSources(companyId, channel) }
}

export async function listSwapSources(companyId: number, channel: SwapChannel): Promise<SwapSource[]> {
  if (channel === 'email') {
    const rows = await db.template.findMany({
      where: { companyId, archived: false },
      orderBy: { updatedAt: 'desc' },
      take: LIMIT,
      select: { id: true, name: true },
    })
    return rows
  }
  // Saved push content: the title and body of the account's push messages, campaigns and flows.
  const [campaignPush, flowPush] = await Promise.all([
    db.campaignMessage.findMany({
      where: { companyId, channel: { in: CAMPAIGN_CHANNELS.push } },
      orderBy: { updatedAt: 'desc' },
      take: LIMIT,
      select: { id: true, content: true },
    }),
    db.flowMessage.findMany({
      where: { companyId, channel: 'push' },
      orderBy: { updatedAt: 'desc' },
      take: LIMIT,
      select: { id: true, definition: true, name: true },
    }),
  ])
  const out: SwapSource[] = []
  for (const m of campaignPush) {
    const c = parseJson(m.content)
    if (typeof c.title === 'string' || typeof c.body === 'string')
      out.push({ id: m.id, name: String(c.title || c.body) })
  }
  for (const m of flowPush) {
    const c = parseJson(m.definition)
    if (typeof c.title === 'string' || typeof c.body === 'string')
      out.push({ id: m.id, name: String(c.title || c.body || m.name) })
  }
  return out
}
