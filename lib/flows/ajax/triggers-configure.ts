// The trigger panel's /ajax calls (seed 002 §7.2): configure (set the flow's trigger from the
// payload of §3.2), trigger/update (price drop, date based and low inventory only), the customer
// (profile) and trigger filters, and clearing both. Each is one new version of the flow; errors
// are 400 with field errors and the exact texts of §5 / §8.
import { z } from 'zod'
import { badRequest } from '@/lib/errors/app-error'
import { flowTrigger, profileFilter, type FlowDefinition } from '@/lib/flows/definition'
import { companyRefs } from '@/lib/flows/store'
import { editAnswer, invalid, loadFlow, saveEdited } from './actions-flow-edit'
import { dateTriggerInput, scanRuleErrors, toVendorDateTrigger } from './triggers-date'

export const UNCONFIGURED_TRIGGER = 'Cannot save an unconfigured trigger'
export const UNSUPPORTED_TRIGGER_TYPE = 'Unsupported trigger type given'

/** Trigger type names of seed 002 §3.2 (the flow API's and the client's), to our kinds. */
const TRIGGER_TYPES: Record<
  string,
  'list' | 'metric' | 'date' | 'price-drop' | 'low-inventory' | 'scheduled' | 'unconfigured'
> = {
  'added to list': 'list',
  addedtolist: 'list',
  list: 'list',
  segment: 'list',
  event: 'metric',
  metric: 'metric',
  'date based': 'date',
  datebased: 'date',
  date: 'date',
  'price drop': 'price-drop',
  pricedrop: 'price-drop',
  'price-drop': 'price-drop',
  'low inventory': 'low-inventory',
  lowinventory: 'low-inventory',
  'low-inventory': 'low-inventory',
  scheduled: 'scheduled',
  unconfigured: 'unconfigured',
}
const kindOf = (name: string) => TRIGGER_TYPES[name.trim().toLowerCase()]

/** Filters arrive as JSON text (seed 002 §3.2), so their vendor keys reach us as written. */
const jsonText = z
  .union([z.string().max(200_000), z.null()], { message: 'Send the filter as JSON text.' })
  .transform((v, ctx) => {
    if (v === null) return v
    if (!v.trim()) return null
    try {
      const parsed: unknown = JSON.parse(v)
      if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) throw new Error('not an object')
      return parsed as Record<string, unknown> | null
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Send the filter as JSON text of an object with condition_groups.' })
      return z.NEVER
    }
  })

const priceDropInput = z.object({
  priceDropAmountValue: z.coerce.number().positive('Use an amount above 0.'),
  priceDropAmountUnit: z.enum(['currency', 'percent']).default('currency'),
  audience: z
    .array(z.enum(['checkout-started', 'viewed']))
    .min(1, 'Choose who hears about the price drop.')
    .default(['viewed']),
  timeframeDays: z.coerce.number().int().min(1).max(365).default(30),
  currencyType: z.string().min(1).max(8).default('usd'),
})

/** Low inventory trigger fields of seed 002 §3.2. */
const lowInventoryInput = z.object({
  triggerType: z.string().max(64).optional(),
  inventoryGranularity: z.enum(['product', 'variant'], { message: 'Use product or variant.' }).default('product'),
  inventoryThreshold: z.coerce.number().int('Use a whole number.').min(0).max(1_000_000),
  itemEngagementMetrics: z
    .array(z.enum(['added-to-cart', 'checkout-started', 'viewed']))
    .min(1, 'Choose at least one kind of engagement.')
    .default(['viewed']),
  engagementTimeframe: z.coerce.number().int().min(1).max(365).default(30),
})

export const configureBody = z.object({
  triggerType: z.string().min(1).max(64),
  /** The trigger source kind or preset: lists, segments, actions (metrics), date, priceDrop, lowInventory. */
  source: z.enum(['lists', 'segments', 'actions', 'date', 'priceDrop', 'lowInventory']).optional(),
  /** The list, segment or metric id (lists, segments, actions; optional for scheduled). */
  sourceId: z.string().min(1).max(64).nullable().optional(),
  triggerFilter: jsonText.optional(),
  customerFilter: jsonText.optional(),
  hasTriggerFilter: z.boolean().optional(),
  hasCustomerFilter: z.boolean().optional(),
  dateTrigger: z.unknown().optional(),
  priceDrop: z.unknown().optional(),
  lowInventory: z.unknown().optional(),
})
export type ConfigureInput = z.infer<typeof configureBody>

function parsePart<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const r = schema.safeParse(value ?? {})
  if (r.success) return r.data
  const errors: Record<string, string[]> = {}
  for (const i of r.error.issues) (errors[[field, ...i.path.map(String)].join('.')] ??= []).push(i.message)
  throw badRequest('Please correct the highlighted fields.', errors)
}

function checkFilter(value: Record<string, unknown> | null | undefined, field: string, schema: z.ZodType): void {
  if (value == null) return
  const r = schema.safeParse(value)
  if (!r.success) {
    const errors: Record<string, string[]> = {}
    for (const i of r.error.issues) (errors[[field, ...i.path.map(String)].join('.')] ??= []).push(i.message)
    throw badRequest('The filter is not valid.', errors)
  }
}

const triggerFilterShape = z.looseObject({
  condition_groups: z.array(z.looseObject({ conditions: z.array(z.looseObject({})) })),
})

/** The vendor trigger for a configure or update payload (kind known, not unconfigured). */
async function buildTrigger(
  companyId: number,
  kind: string,
  input: ConfigureInput,
  current: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  const keepFilter = (current?.trigger_filter as Record<string, unknown> | null | undefined) ?? null
  const filter = input.triggerFilter !== undefined ? input.triggerFilter : keepFilter
  const needId = async (refKind: 'list' | 'segment' | 'metric', what: string) => {
    if (!input.sourceId)
      throw badRequest(`Choose the ${what}.`, { sourceId: [`Choose the ${what} that triggers the flow.`] })
    const found = await companyRefs(companyId).existing(refKind, [input.sourceId])
    if (!found.has(input.sourceId))
      throw badRequest(`There is no ${what} with id "${input.sourceId}".`, {
        sourceId: [`There is no ${what} with id "${input.sourceId}".`],
      })
    return input.sourceId
  }
  switch (kind) {
    case 'list': {
      const segment = input.source === 'segments' || input.triggerType.trim().toLowerCase() === 'segment'
      if (input.source && input.source !== 'lists' && input.source !== 'segments')
        throw badRequest('Use lists or segments as the source.', {
          source: ['An "Added to List" trigger starts from a list or a segment.'],
        })
      return segment
        ? { type: 'segment', id: await needId('segment', 'segment') }
        : { type: 'list', id: await needId('list', 'list') }
    }
    case 'metric':
      checkFilter(filter, 'triggerFilter', triggerFilterShape)
      return { type: 'metric', id: await needId('metric', 'metric'), trigger_filter: filter }
    case 'date': {
      const t = toVendorDateTrigger(parsePart(dateTriggerInput, input.dateTrigger, 'dateTrigger'))
      const rules = scanRuleErrors(t)
      if (Object.keys(rules).length) {
        throw badRequest(
          'Please correct the highlighted fields.',
          Object.fromEntries(Object.entries(rules).map(([k, v]) => [`dateTrigger.${k}`, v])),
        )
      }
      return t
    }
    case 'price-drop': {
      const p = parsePart(priceDropInput, input.priceDrop, 'priceDrop')
      checkFilter(filter, 'triggerFilter', triggerFilterShape)
      return {
        type: 'price-drop',
        trigger_filter: filter,
        price_drop_amount_value: p.priceDropAmountValue,
        price_drop_amount_unit: p.priceDropAmountUnit,
        audience: p.audience,
        timeframe_days: p.timeframeDays,
        currency_type: p.currencyType,
      }
    }
    case 'low-inventory': {
      const p = parsePart(lowInventoryInput, input.lowInventory, 'lowInventory')
      checkFilter(filter, 'triggerFilter', triggerFilterShape)
      return {
        type: 'low-inventory',
        product_level: p.inventoryGranularity,
        trigger_filter: filter,
        inventory_count: p.inventoryThreshold,
        audience: p.itemEngagementMetrics,
        timeframe_days: p.engagementTimeframe,
      }
    }
    case 'scheduled': {
      // A scheduled flow sends a list or segment through it at the times of its schedule (the schedules calls of §7.7).
      if (!input.sourceId) return { type: 'scheduled', id: null, source: null }
      const segment = input.source === 'segments'
      return {
        type: 'scheduled',
        source: segment ? 'segment' : 'list',
        id: await needId(segment ? 'segment' : 'list', segment ? 'segment' : 'list'),
      }
    }
  }
  throw badRequest(UNSUPPORTED_TRIGGER_TYPE, { triggerType: [UNSUPPORTED_TRIGGER_TYPE] })
}

function applyTrigger(def: FlowDefinition, trigger: Record<string, unknown>, input: ConfigureInput): void {
  const parsed = flowTrigger.safeParse(trigger)
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((i) => ({
        pointer: '/trigger' + i.path.map((p) => '/' + String(p)).join(''),
        detail: i.message,
      })),
    )
  }
  def.triggers = [parsed.data as FlowDefinition['triggers'][number]]
  if (input.customerFilter !== undefined) def.profile_filter = input.customerFilter as FlowDefinition['profile_filter']
}

/** POST /ajax/flow/{id}/configure: sets the flow's trigger (and its filters). */
export async function configureTrigger(
  companyId: number,
  flowId: string,
  input: ConfigureInput,
  userId: number | null = null,
) {
  const kind = kindOf(input.triggerType)
  if (kind === 'unconfigured') throw badRequest(UNCONFIGURED_TRIGGER, { triggerType: [UNCONFIGURED_TRIGGER] })
  if (!kind) throw badRequest(UNSUPPORTED_TRIGGER_TYPE, { triggerType: [UNSUPPORTED_TRIGGER_TYPE] })
  checkFilter(input.customerFilter, 'customerFilter', profileFilter)
  const loaded = await loadFlow(companyId, flowId)
  const current = loaded.def.triggers[0] as Record<string, unknown> | undefined
  const sameKind = current && (current.type === kind || (kind === 'list' && current.type === 'segment'))
  const trigger = await buildTrigger(companyId, kind, input, sameKind ? current : undefined)
  applyTrigger(loaded.def, trigger, input)
  await saveEdited(companyId, loaded, loaded.def, { userId, call: 'configureTrigger' })
  return triggerAnswer(companyId, flowId)
}

const UPDATABLE = new Set(['price-drop', 'date', 'low-inventory'])

/** POST /ajax/flow/{id}/trigger/update: changes the settings of a price drop, date based or low inventory trigger. */
export async function updateTrigger(
  companyId: number,
  flowId: string,
  input: ConfigureInput,
  userId: number | null = null,
) {
  const kind = kindOf(input.triggerType)
  if (kind === 'unconfigured') throw badRequest(UNCONFIGURED_TRIGGER, { triggerType: [UNCONFIGURED_TRIGGER] })
  if (!kind || !UPDATABLE.has(kind))
    throw badRequest(UNSUPPORTED_TRIGGER_TYPE, { triggerType: [UNSUPPORTED_TRIGGER_TYPE] })
  checkFilter(input.customerFilter, 'customerFilter', profileFilter)
  const loaded = await loadFlow(companyId, flowId)
  const current = loaded.def.triggers[0] as Record<string, unknown> | undefined
  const trigger = await buildTrigger(companyId, kind, input, current?.type === kind ? current : undefined)
  applyTrigger(loaded.def, trigger, input)
  await saveEdited(companyId, loaded, loaded.def, { userId, call: 'updateTrigger' })
  return triggerAnswer(companyId, flowId)
}

export const filtersBody = z.object({ filters: jsonText })

/** POST /ajax/flow/{id}/customer-filters: the flow's profile filter (null clears it). */
export async function setCustomerFilters(
  companyId: number,
  flowId: string,
  filters: Record<string, unknown> | null,
  userId: number | null = null,
) {
  checkFilter(filters, 'filters', profileFilter)
  const loaded = await loadFlow(companyId, flowId)
  loaded.def.profile_filter = filters as FlowDefinition['profile_filter']
  await saveEdited(companyId, loaded, loaded.def, { userId, call: 'setCustomerFilters' })
  return triggerAnswer(companyId, flowId)
}

const FILTERABLE = new Set(['metric', 'price-drop', 'low-inventory'])

/** POST /ajax/flow/{id}/trigger-filters: the trigger's filter on event properties (metric, price drop, low inventory triggers). */
export async function setTriggerFilters(
  companyId: number,
  flowId: string,
  filters: Record<string, unknown> | null,
  userId: number | null = null,
) {
  checkFilter(filters, 'filters', triggerFilterShape)
  const loaded = await loadFlow(companyId, flowId)
  const t = loaded.def.triggers[0] as Record<string, unknown> | undefined
  if (!t) throw badRequest(UNCONFIGURED_TRIGGER, { filters: [UNCONFIGURED_TRIGGER] })
  if (!FILTERABLE.has(String(t.type)))
    throw badRequest('This trigger has no trigger filter.', {
      filters: [`A ${String(t.type)} trigger cannot be filtered on event properties.`],
    })
  t.trigger_filter = filters
  await saveEdited(companyId, loaded, loaded.def, { userId, call: 'setTriggerFilters' })
  return triggerAnswer(companyId, flowId)
}

/** POST /ajax/flow/{id}/filters: clears the profile filter and the trigger filter. */
export async function clearFilters(companyId: number, flowId: string, userId: number | null = null) {
  const loaded = await loadFlow(companyId, flowId)
  loaded.def.profile_filter = null
  for (const t of loaded.def.triggers as Array<Record<string, unknown>>)
    if ('trigger_filter' in t) t.trigger_filter = null
  await saveEdited(companyId, loaded, loaded.def, { userId, call: 'clearFilters' })
  return triggerAnswer(companyId, flowId)
}

/** The trigger panel's view: the trigger, both filters as JSON text, and the flow's new version and definition. */
async function triggerAnswer(companyId: number, flowId: string) {
  const answer = await editAnswer(companyId, flowId)
  const trigger = (answer.definition.triggers[0] ?? null) as Record<string, unknown> | null
  const tf = trigger && 'trigger_filter' in trigger ? trigger.trigger_filter : null
  return {
    ...answer,
    trigger,
    triggerFilter: tf ? JSON.stringify(tf) : null,
    customerFilter: answer.definition.profile_filter ? JSON.stringify(answer.definition.profile_filter) : null,
    hasTriggerFilter: false,
    hasCustomerFilter: false,
  }
}
