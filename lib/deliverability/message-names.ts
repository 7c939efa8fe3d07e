// Names for the 'message' groups of the email rates: 'campaign:<message id>' → the campaign's
// name (with the message's label when it has one), 'flow:<action id>' → the flow's name and the
// action's message name. Two queries per kind, scoped to the account.
import { db } from '@/lib/db/client'

export async function messageNames(companyId: number, keys: string[]): Promise<Map<string, string>> {
  const ids = (prefix: string) => keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length))
  const out = new Map<string, string>()
  const campaignMessages = ids('campaign:')
  if (campaignMessages.length) {
    const msgs = await db.campaignMessage.findMany({
      where: { companyId, id: { in: campaignMessages } },
      select: { id: true, campaignId: true, label: true },
    })
    const campaigns = await db.campaign.findMany({
      where: { companyId, id: { in: [...new Set(msgs.map((m) => m.campaignId))] } },
      select: { id: true, name: true },
    })
    const name = new Map(campaigns.map((c) => [c.id, c.name]))
    for (const m of msgs) {
      const c = name.get(m.campaignId) ?? m.campaignId
      out.set(`campaign:${m.id}`, m.label ? `${c} (${m.label})` : c)
    }
  }
  const actions = ids('flow:')
  if (actions.length) {
    const rows = await db.flowAction.findMany({
      where: { companyId, id: { in: actions } },
      select: { id: true, flowId: true, definition: true },
    })
    const flows = await db.flow.findMany({
      where: { companyId, id: { in: [...new Set(rows.map((r) => r.flowId))] } },
      select: { id: true, name: true },
    })
    const name = new Map(flows.map((f) => [f.id, f.name]))
    for (const r of rows) {
      let message: string | null = null
      try {
        const d = JSON.parse(r.definition) as { data?: { message?: { name?: unknown } } }
        message = typeof d.data?.message?.name === 'string' ? d.data.message.name : null
      } catch {}
      const f = name.get(r.flowId) ?? r.flowId
      out.set(`flow:${r.id}`, message ? `${f}: ${message}` : f)
    }
  }
  return out
}
