// Group by campaign or flow. Message events name their message in $message (a campaign
// message's id, or '<flow action id>:<run id>' for a flow's), so the engine breaks down by
// $message and this maps each value to its campaign's or flow's name, one query per table for
// the whole result. Ids of another account never match (every lookup carries companyId).
import { db } from '@/lib/db/client'

export const MESSAGE_PROPERTY = '$message'

/** Labels by $message value; a value without a campaign or flow keeps '(unknown)'. */
export async function messageLabels(
  companyId: number,
  kind: 'campaign' | 'flow',
  values: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const present = [...new Set(values.filter((v): v is string => !!v))]
  if (!present.length) return out
  if (kind === 'campaign') {
    const messages = await db.campaignMessage.findMany({
      where: { companyId, id: { in: present } },
      select: { id: true, campaignId: true },
    })
    const campaigns = await db.campaign.findMany({
      where: { companyId, id: { in: [...new Set(messages.map((m) => m.campaignId))] } },
      select: { id: true, name: true },
    })
    const names = new Map(campaigns.map((c) => [c.id, c.name]))
    for (const m of messages) out.set(m.id, names.get(m.campaignId) ?? '(unknown)')
    return out
  }
  const actionOf = (v: string) => v.split(':')[0]!
  const actions = await db.flowAction.findMany({
    where: { companyId, id: { in: [...new Set(present.map(actionOf))] } },
    select: { id: true, flowId: true },
  })
  const flows = await db.flow.findMany({
    where: { companyId, id: { in: [...new Set(actions.map((a) => a.flowId))] } },
    select: { id: true, name: true },
  })
  const flowName = new Map(flows.map((f) => [f.id, f.name]))
  const actionFlow = new Map(actions.map((a) => [a.id, flowName.get(a.flowId) ?? '(unknown)']))
  for (const v of present) out.set(v, actionFlow.get(actionOf(v)) ?? '(unknown)')
  return out
}

/** Labels by campaign or flow id (an attributed conversion names them directly). */
export async function sourceLabels(
  companyId: number,
  kind: 'campaign' | 'flow',
  values: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const ids = [...new Set(values.filter((v): v is string => !!v))]
  if (!ids.length) return new Map()
  const rows =
    kind === 'campaign'
      ? await db.campaign.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true } })
      : await db.flow.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true } })
  return new Map(rows.map((r) => [r.id, r.name]))
}
