// Flow recommendation cards (seed 002 §7.7): derived from the company's flows and data, e.g. no
// welcome series, no abandoned-checkout flow while checkouts are tracked; a dismissed card is
// stored (FlowRecommendationDismissal) and not shown again. "Create" makes the recommended flow
// from its template (lib/flows/templates) as a draft.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { createFlowFromTemplate } from '@/lib/flows/templates'
import type { FlowTemplateKey } from '@/lib/flows/templates/template-types'

interface CardRule {
  key: string
  title: string
  description: string
  /** The flow template that answers it. */
  template: FlowTemplateKey | null
  /** Metric names that make the card relevant when the company tracks them (none: always). */
  needsMetric: string[]
  /** The card is satisfied when a live or manual flow is triggered by one of these metrics (or its name matches). */
  satisfiedBy: { metrics: string[]; name: RegExp; triggerTypes?: string[] }
  priority: number
}

const RULES: CardRule[] = [
  {
    key: 'abandoned_checkout_missing',
    title: 'Abandoned checkout flow missing',
    template: 'checkout_abandonment',
    needsMetric: ['Started Checkout'],
    priority: 1,
    description: 'Shoppers start checkouts and leave. A reminder series recovers a share of those orders.',
    satisfiedBy: { metrics: ['Started Checkout'], name: /checkout/i },
  },
  {
    key: 'welcome_series_missing',
    title: 'No welcome series',
    template: 'welcome_series',
    needsMetric: [],
    priority: 2,
    description:
      'New subscribers are most engaged in their first days. Greet them with a welcome series when they join a list.',
    satisfiedBy: { metrics: [], name: /welcome/i, triggerTypes: ['Added to List'] },
  },
  {
    key: 'browse_abandonment_missing',
    title: 'Browse abandonment flow missing',
    template: 'browse_abandonment',
    needsMetric: ['Viewed Product'],
    priority: 3,
    description: 'Profiles who viewed a product and left can be reminded of it.',
    satisfiedBy: { metrics: ['Viewed Product'], name: /browse/i },
  },
  {
    key: 'thank_you_missing',
    title: 'No post-purchase thank you',
    template: 'customer_thank_you',
    needsMetric: ['Placed Order'],
    priority: 4,
    description: 'Thank customers after an order and invite them back.',
    satisfiedBy: { metrics: ['Placed Order'], name: /thank|post.?purchase/i },
  },
  {
    key: 'birthday_missing',
    title: 'No birthday flow',
    template: 'birthday',
    needsMetric: [],
    priority: 5,
    description: 'A birthday message with a small gift is one of the best-performing flows.',
    satisfiedBy: { metrics: [], name: /birthday/i, triggerTypes: ['Date Based', 'date'] },
  },
]

export const CARD_KEYS = RULES.map((r) => r.key)
export const cardBody = z.object({ cardKey: z.string().min(1, 'cardKey is required.').max(64) })
export const createCardBody = z.object({
  cardKey: z.string().min(1, 'cardKey is required.').max(64),
  name: z.string().trim().min(1).max(255).optional(),
})

export async function recommendationCards(companyId: number) {
  const flows = await db.flow.findMany({
    where: { companyId, archived: false },
    select: { id: true, name: true, status: true, triggerType: true },
  })
  const triggers = await db.flowTrigger.findMany({
    where: { companyId, kind: 'metric' },
    select: { flowId: true, targetId: true },
  })
  const metrics = await db.metric.findMany({ where: { companyId }, select: { id: true, name: true } })
  const metricName = new Map(metrics.map((m) => [m.id, m.name]))
  const tracked = new Set(metrics.map((m) => m.name))
  const dismissed = new Set(
    (await db.flowRecommendationDismissal.findMany({ where: { companyId }, select: { cardKey: true } })).map(
      (d) => d.cardKey,
    ),
  )
  const cards = []
  for (const r of RULES) {
    if (dismissed.has(r.key)) continue
    if (r.needsMetric.length && !r.needsMetric.some((m) => tracked.has(m))) continue
    const satisfied = flows.some(
      (f) =>
        r.satisfiedBy.name.test(f.name) ||
        (r.satisfiedBy.triggerTypes ?? []).includes(f.triggerType ?? '') ||
        triggers.some((t) => t.flowId === f.id && r.satisfiedBy.metrics.includes(metricName.get(t.targetId) ?? '')),
    )
    if (satisfied) continue
    cards.push({
      key: r.key,
      title: r.title,
      description: r.description,
      templateKey: r.template,
      priority: r.priority,
    })
  }
  return { cards, dismissed: [...dismissed] }
}

export async function dismissCard(companyId: number, userId: number, cardKey: string) {
  if (!CARD_KEYS.includes(cardKey))
    throw badRequest(`Unknown recommendation card ${cardKey}.`, {
      cardKey: [`Unknown recommendation card ${cardKey}.`],
    })
  await db.flowRecommendationDismissal.upsert({
    where: { companyId_cardKey: { companyId, cardKey } },
    create: { companyId, cardKey, userId },
    update: {},
  })
  return recommendationCards(companyId)
}

/** Creates the card's flow (a draft from its template; the welcome series as an empty list-triggered draft). */
export async function createFromCard(companyId: number, cardKey: string, name?: string) {
  const rule = RULES.find((r) => r.key === cardKey)
  if (!rule)
    throw badRequest(`Unknown recommendation card ${cardKey}.`, {
      cardKey: [`Unknown recommendation card ${cardKey}.`],
    })
  let flowId: string
  if (rule.template) flowId = await createFlowFromTemplate(companyId, rule.template, name ? { name } : {})
  else {
    const { createFlow } = await import('@/lib/flows/store')
    flowId = await createFlow(companyId, {
      name: name ?? 'Welcome series',
      definition: { triggers: [], entry_action_id: null, actions: [] },
    })
  }
  return { flowId, cardKey }
}
