// The demo's live flows, made from the flow templates through the flow store (createFlowFromTemplate,
// setFlowStatus), dated from before the simulated year so their history fits inside their life.
// The catalog seed's back-in-stock flow is turned live too (its runs need back-in-stock
// subscriptions, which the demo does not simulate). Returns what simulate-flow-runs needs.
import { db } from '@/lib/db/client'
import { createFlowFromTemplate, type FlowTemplateKey } from '@/lib/flows/templates'
import { getFlowDefinition, setFlowStatus } from '@/lib/flows/store'
import { DAY_MS } from './calendar'
import type { FlowSpec } from './simulate-flow-runs'

const DEMO_FLOWS: Array<{ key: FlowTemplateKey; name: string }> = [
  { key: 'welcome_series', name: 'Welcome series' },
  { key: 'checkout_abandonment', name: 'Abandoned checkout' },
  { key: 'browse_abandonment', name: 'Browse abandonment' },
  { key: 'customer_thank_you', name: 'Post-purchase thank you' },
  { key: 'win_back', name: 'Win-back' },
]

export interface DemoFlow {
  spec: FlowSpec
  listId: string | null
  triggerMetricId: string | null
}

export async function seedDemoFlows(companyId: number, o: { startMs: number }): Promise<DemoFlow[]> {
  const created = new Date(o.startMs - 14 * DAY_MS)
  const out: DemoFlow[] = []
  for (const f of DEMO_FLOWS) {
    const flowId = await createFlowFromTemplate(companyId, f.key, { name: f.name })
    await setFlowStatus(companyId, flowId, 'live')
    await db.flow.updateMany({ where: { companyId, id: flowId }, data: { createdAt: created } })
    const definition = await getFlowDefinition(companyId, flowId)
    const flow = await db.flow.findFirstOrThrow({ where: { companyId, id: flowId }, select: { currentVersion: true } })
    const messages = new Map<string, { id: string; subject: string }>()
    for (const m of await db.flowMessage.findMany({
      where: { companyId, flowId },
      select: { id: true, actionId: true, definition: true },
    })) {
      messages.set(m.actionId, {
        id: m.id,
        subject: String((JSON.parse(m.definition) as { subject_line?: string }).subject_line ?? ''),
      })
    }
    const trigger = definition.triggers[0] as { type: string; id?: string | null } | undefined
    const triggerKind = trigger?.type === 'list' ? 'list' : 'metric'
    out.push({
      spec: { flowId, version: flow.currentVersion, triggerKind, definition, messages },
      listId: triggerKind === 'list' ? (trigger?.id ?? null) : null,
      triggerMetricId: triggerKind === 'metric' ? (trigger?.id ?? null) : null,
    })
  }
  const bis = await db.flow.findFirst({ where: { companyId, name: 'Back in stock' }, select: { id: true } })
  if (bis) {
    await setFlowStatus(companyId, bis.id, 'live')
    await db.flow.updateMany({ where: { companyId, id: bis.id }, data: { createdAt: created } })
  }
  return out
}
