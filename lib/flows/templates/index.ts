// The flow templates (seed 002 §3.2's seven, a welcome series and a win-back) (/flows/create, /library/flows, POST /ajax/flows/create
// with a template key). Not a barrel: this is the registry and the one use case that turns a
// template into a company's draft flow.
import { db } from '@/lib/db/client'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { createTemplate } from '@/lib/templates/store/save-template'
import { createFlow } from '../store'
import type { FlowDefinition } from '../definition'
import { createList } from '@/lib/groups/create-list'
import { backInStock } from './back-in-stock'
import { birthday } from './birthday'
import { browseAbandonment } from './browse-abandonment'
import { checkoutAbandonment } from './checkout-abandonment'
import { customerThankYou } from './customer-thank-you'
import { lowInventory } from './low-inventory'
import { priceDrop } from './price-drop'
import { reviewRequest } from './review-request'
import { welcomeSeries } from './welcome-series'
import { winBack } from './win-back'
import { FLOW_TEMPLATE_KEYS, isFlowTemplateKey, type FlowTemplate, type FlowTemplateKey } from './template-types'

export { FLOW_TEMPLATE_KEYS, isFlowTemplateKey, type FlowTemplate, type FlowTemplateKey }

const TEMPLATES: Record<FlowTemplateKey, FlowTemplate> = {
  welcome_series: welcomeSeries,
  win_back: winBack,
  checkout_abandonment: checkoutAbandonment,
  browse_abandonment: browseAbandonment,
  back_in_stock: backInStock,
  customer_thank_you: customerThankYou,
  birthday,
  low_inventory: lowInventory,
  price_drop: priceDrop,
  review_request: reviewRequest,
}

/** The template of a key, or null for an unknown key. */
export function flowTemplate(key: string): FlowTemplate | null {
  return isFlowTemplateKey(key) ? TEMPLATES[key] : null
}

export interface TemplateSummary {
  key: FlowTemplateKey
  name: string
  messageCount: number
  steps: FlowTemplate['steps']
}

/** What the screens show of each template (no HTML). */
export function templateSummaries(): TemplateSummary[] {
  return FLOW_TEMPLATE_KEYS.map((key) => {
    const t = TEMPLATES[key]
    return { key, name: t.name, messageCount: t.emails.length, steps: t.steps }
  })
}

/**
 * The template's definition for a company: its metrics found or created by name and its emails
 * stored as templates of the company (CODE templates, so the merchant edits them in the editor).
 * Returns the ids of the templates it created, so a caller whose save fails can remove them.
 */
export async function buildTemplateDefinition(
  companyId: number,
  key: FlowTemplateKey,
): Promise<{ name: string; definition: FlowDefinition; templateIds: string[] }> {
  const t = TEMPLATES[key]
  const metrics = new Map<string, string>()
  for (const name of t.metrics) metrics.set(name, (await getOrCreateMetric(companyId, name)).id)
  const lists = new Map<string, string>()
  for (const name of t.lists ?? []) lists.set(name, await listIdByName(companyId, name))
  const templates = new Map<string, string>()
  try {
    for (const e of t.emails) {
      const row = await createTemplate(companyId, { name: e.name, editorType: 'CODE', html: e.html })
      templates.set(e.key, row.id)
    }
  } catch (err) {
    await removeTemplates(companyId, [...templates.values()])
    throw err
  }
  const definition = t.definition({
    metric: (name) => metrics.get(name) ?? fail(`metric ${name}`),
    template: (k) => templates.get(k) ?? fail(`email ${k}`),
    list: (name) => lists.get(name) ?? fail(`list ${name}`),
  })
  return { name: t.name, definition, templateIds: [...templates.values()] }
}

/** Creates a draft flow from a template; the new flow's id. Nothing is left behind when it fails. */
export async function createFlowFromTemplate(
  companyId: number,
  key: FlowTemplateKey,
  opts: { name?: string } = {},
): Promise<string> {
  const built = await buildTemplateDefinition(companyId, key)
  try {
    return await createFlow(companyId, { name: opts.name?.trim() || built.name, definition: built.definition })
  } catch (err) {
    await removeTemplates(companyId, built.templateIds)
    throw err
  }
}

/** The company's list of that name (the oldest, if several), or a new one: the merchant can point the trigger elsewhere. */
async function listIdByName(companyId: number, name: string): Promise<string> {
  const found = await db.group.findFirst({
    where: { companyId, name, type: 0, deletedAt: null },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  })
  return found?.id ?? (await createList(companyId, { name, optInProcess: 'single_opt_in' })).id
}

async function removeTemplates(companyId: number, ids: string[]) {
  if (ids.length) await db.template.deleteMany({ where: { companyId, id: { in: ids } } })
}

function fail(what: string): never {
  throw new Error(`Flow template refers to an unknown ${what}.`)
}
