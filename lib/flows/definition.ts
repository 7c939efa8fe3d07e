// The vendor's FlowDefinition (OpenAPI 2026-07-15, components FlowDefinition, *Trigger, *Action,
// *ActionData, FlowEmail …) as zod schemas with the vendor's field names. Triggers and actions are
// discriminated by `type`; a kind we do not know is kept as it came, marked `unsupported: true`,
// never dropped. Unknown extra fields are kept (loose objects), so a definition round-trips.
import { z } from 'zod'
import { pushOptionFields } from '@/lib/messaging/push/push-content'

const id = z.string().min(1).max(64)
const nullableText = z.string().nullable().optional()
const obj = z.record(z.string(), z.unknown())
/** Action status in `data.status` (default draft). */
export const ACTION_STATUSES = ['disabled', 'draft', 'live', 'manual'] as const
export type ActionStatus = (typeof ACTION_STATUSES)[number]
const status = z.enum(ACTION_STATUSES).optional()
/** IANA names or "profile" (the profile's own time zone); the vendor's 434-value enum. */
const timezone = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => tz === 'profile' || isTimeZone(tz), 'Unknown time zone.')
const weekday = z.string().min(1).max(16)

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

// ---- profile filters ------------------------------------------------------------------------

export const KNOWN_CONDITION_TYPES = [
  'profile-property',
  'profile-group-membership',
  'profile-region',
  'profile-postal-code-distance',
  'profile-predictive-analytics',
  'profile-marketing-consent',
  'profile-metric',
  'profile-sample',
  'profile-has-custom-object',
  'profile-permissions',
  'profile-not-sent-email',
  'profile-not-sent-sms',
  'profile-not-sent-push',
  'profile-not-in-flow',
] as const

const conditionShapes: Record<string, z.ZodType> = {
  'profile-group-membership': z.looseObject({ is_member: z.boolean(), group_ids: z.array(id).min(1) }),
  'profile-metric': z.looseObject({
    metric_id: id,
    measurement: z.unknown(),
    measurement_filter: z.unknown(),
    timeframe_filter: z.unknown(),
  }),
  'profile-property': z.looseObject({ property: z.string().min(1), filter: z.unknown() }),
  'profile-sample': z.looseObject({ percentage: z.number().min(0).max(100) }),
  'profile-not-in-flow': z.looseObject({ timeframe_filter: z.unknown() }),
}

/** A condition: known types checked for their required fields, unknown ones kept and labeled. */
export const flowCondition = z.looseObject({ type: z.string().min(1) }).transform((c, ctx) => {
  if (!(KNOWN_CONDITION_TYPES as readonly string[]).includes(c.type)) return { ...c, unsupported: true as const }
  const shape = conditionShapes[c.type]
  if (shape) {
    const r = shape.safeParse(c)
    if (!r.success) {
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
      return z.NEVER
    }
  }
  return c
})
export type FlowCondition = z.infer<typeof flowCondition>

export const profileFilter = z.looseObject({
  condition_groups: z.array(z.looseObject({ conditions: z.array(flowCondition) })),
})
export type ProfileFilter = z.infer<typeof profileFilter>

// ---- triggers --------------------------------------------------------------------------------

const dateTiming = {
  timedelta_unit_before_date: z.enum(['days', 'months', 'weeks']).optional(),
  timedelta_value_before_date: z.number().int(),
  recurrence_frequency: z.enum(['annually', 'monthly', 'never', 'weekly']).optional(),
  timezone: timezone.optional(),
  trigger_time: z.string().min(1),
  trigger_days: z.array(weekday).nullable().optional(),
}

export const listTrigger = z.looseObject({ type: z.literal('list'), id: id.nullable().optional() })
export const segmentTrigger = z.looseObject({ type: z.literal('segment'), id: id.nullable().optional() })
export const metricTrigger = z.looseObject({
  type: z.literal('metric'),
  id: id.nullable().optional(),
  trigger_filter: obj.nullable().optional(),
})
export const profilePropertyDateTrigger = z.looseObject({
  type: z.literal('date'),
  date_field_type: z.literal('profile-property'),
  date_profile_property: z.string().min(1),
  ...dateTiming,
})
export const customObjectDateTrigger = z.looseObject({
  type: z.literal('date'),
  date_field_type: z.literal('custom-object'),
  custom_object_label: z.string().min(1),
  custom_object_property_id: z.number().int(),
  object_type_id: z.string().min(1),
  object_type_relationship_id: z.string().min(1),
  ...dateTiming,
})
export const dateTrigger = z.discriminatedUnion('date_field_type', [
  profilePropertyDateTrigger,
  customObjectDateTrigger,
])
const audience = z.array(z.string())
export const priceDropTrigger = z.looseObject({
  type: z.literal('price-drop'),
  trigger_filter: obj.nullable(),
  price_drop_amount_value: z.number(),
  price_drop_amount_unit: z.enum(['currency', 'percent']).optional(),
  audience,
  timeframe_days: z.number().int().optional(),
  currency_type: z.string().optional(),
})
export const lowInventoryTrigger = z.looseObject({
  type: z.literal('low-inventory'),
  product_level: z.enum(['product', 'variant']),
  trigger_filter: obj.nullable(),
  inventory_count: z.number().int(),
  audience,
  timeframe_days: z.number().int().optional(),
})

/** The known triggers, discriminated by `type` (the date trigger by `date_field_type` inside). */
export const knownFlowTrigger = z.discriminatedUnion('type', [
  listTrigger,
  segmentTrigger,
  metricTrigger,
  dateTrigger,
  priceDropTrigger,
  lowInventoryTrigger,
])
export type KnownFlowTrigger = z.infer<typeof knownFlowTrigger>
export type UnsupportedObject = { type: string; unsupported: true; [k: string]: unknown }
export const KNOWN_TRIGGER_TYPES = ['list', 'segment', 'metric', 'date', 'price-drop', 'low-inventory'] as const

/** Dispatches on `type`: a known kind is checked with its schema, an unknown one kept. */
function byType<T extends z.ZodType>(known: readonly string[], schema: T) {
  return z.looseObject({ type: z.string().min(1) }).transform((v, ctx): z.infer<T> | UnsupportedObject => {
    if (!known.includes(v.type)) return { ...v, unsupported: true }
    const r = schema.safeParse(v)
    if (!r.success) {
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
      return z.NEVER
    }
    return r.data as z.infer<T>
  })
}

export const flowTrigger = byType(KNOWN_TRIGGER_TYPES, knownFlowTrigger)
export type FlowTrigger = KnownFlowTrigger | UnsupportedObject

// ---- messages --------------------------------------------------------------------------------

const utmParams = z
  .array(z.looseObject({ param: z.string(), value: z.unknown() }))
  .nullable()
  .optional()
const messageCommon = { id: nullableText, name: nullableText, additional_filters: profileFilter.nullable().optional() }

export const flowEmail = z.looseObject({
  ...messageCommon,
  from_email: nullableText,
  from_label: nullableText,
  reply_to_email: nullableText,
  cc_email: nullableText,
  bcc_email: nullableText,
  subject_line: nullableText,
  preview_text: nullableText,
  template_id: id.nullable().optional(),
  smart_sending_enabled: z.boolean().optional(),
  transactional: z.boolean().optional(),
  add_tracking_params: z.boolean().optional(),
  custom_tracking_params: utmParams,
})
export const flowSms = z.looseObject({
  ...messageCommon,
  body: z.string(),
  image_id: nullableText,
  dynamic_image: nullableText,
  shorten_links: z.boolean().optional(),
  smart_sending_enabled: z.boolean().optional(),
  sms_quiet_hours_enabled: z.boolean().optional(),
  transactional: z.boolean().optional(),
  add_tracking_params: z.boolean().optional(),
  custom_tracking_params: utmParams,
  template_id: id.nullable().optional(),
})
export const flowPushNotification = z.looseObject({
  ...messageCommon,
  title: nullableText,
  body: z.string(),
  sound: z.boolean().optional(),
  badge: z.boolean().optional(),
  on_open: z.enum(['home', 'link', 'open_url']).optional(),
  push_type: z.enum(['silent', 'standard']).nullable().optional(),
  smart_sending_enabled: z.boolean().optional(),
  ...pushOptionFields,
})
export const flowWhatsApp = z.looseObject({
  ...messageCommon,
  vendor_id: nullableText,
  smart_sending_enabled: z.boolean().optional(),
  transactional: z.boolean().optional(),
})
export const flowWebhook = z.looseObject({
  ...messageCommon,
  url: z.string().url('The webhook url must be an absolute http(s) URL.').nullable(),
  headers: obj.nullable().optional(),
  body: nullableText,
})
export const flowInternalAlert = z.looseObject({
  ...messageCommon,
  from_email: z.string().nullable(),
  from_label: z.string().nullable(),
  to_emails: z.array(z.string().email()),
  subject_line: z.string().nullable(),
  template_id: id.nullable().optional(),
})

/** The message channel of each send action (the flow-message's `channel`). */
export const MESSAGE_CHANNELS = {
  'send-email': 'email',
  'send-sms': 'sms',
  'send-mobile-push': 'push',
  'send-whatsapp': 'whatsapp',
  'send-webhook': 'webhook',
  'send-internal-alert': 'internal-alert',
} as const
export type MessageActionType = keyof typeof MESSAGE_CHANNELS
export type MessageChannel = (typeof MESSAGE_CHANNELS)[MessageActionType]
export const isMessageActionType = (t: string): t is MessageActionType => Object.hasOwn(MESSAGE_CHANNELS, t)

// ---- actions ---------------------------------------------------------------------------------

const link = z.looseObject({ next: id.nullable().optional() })
const booleanLinks = z.looseObject({ next_if_true: id.nullable(), next_if_false: id.nullable() })
const base = { id: id.nullable().optional(), temporary_id: id.nullable().optional() }
const linear = { ...base, links: link.nullable().optional() }
const branchy = { ...base, links: booleanLinks }
const delayUnit = z.enum(['days', 'hours', 'minutes', 'weeks'])

export const timeDelayAction = z.looseObject({
  ...linear,
  type: z.literal('time-delay'),
  data: z.looseObject({
    unit: delayUnit.optional(),
    value: z.number().int().min(0),
    secondary_value: z.number().int().nullable().optional(),
    timezone: timezone.optional(),
    delay_until_time: nullableText,
    delay_until_weekdays: z.array(weekday).nullable().optional(),
  }),
})
export const sendEmailAction = z.looseObject({
  ...linear,
  type: z.literal('send-email'),
  data: z.looseObject({ message: flowEmail.optional(), status }).optional(),
})
export const sendSmsAction = z.looseObject({
  ...linear,
  type: z.literal('send-sms'),
  data: z.looseObject({ message: flowSms.optional(), status }).optional(),
})
export const sendPushAction = z.looseObject({
  ...linear,
  type: z.literal('send-mobile-push'),
  data: z.looseObject({ message: flowPushNotification.optional(), status }).optional(),
})
export const sendWhatsAppAction = z.looseObject({
  ...linear,
  type: z.literal('send-whatsapp'),
  data: z.looseObject({ message: flowWhatsApp.optional(), status }).optional(),
})
export const sendWebhookAction = z.looseObject({
  ...linear,
  type: z.literal('send-webhook'),
  data: z.looseObject({ message: flowWebhook, status }),
})
export const sendInternalAlertAction = z.looseObject({
  ...linear,
  type: z.literal('send-internal-alert'),
  data: z.looseObject({ message: flowInternalAlert, status }),
})
export const updateProfileAction = z.looseObject({
  ...linear,
  type: z.literal('update-profile'),
  data: z.looseObject({ profile_operations: z.array(z.looseObject({})), status }),
})
export const listUpdateAction = z.looseObject({
  ...linear,
  type: z.literal('list-update'),
  data: z.looseObject({
    name: z.string().min(1),
    on_execution: z.boolean().nullable(),
    list_id: id.nullable(),
    status,
  }),
})
export const conditionalSplitAction = z.looseObject({
  ...branchy,
  type: z.literal('conditional-split'),
  data: z.looseObject({ profile_filter: profileFilter.nullable() }),
})
export const triggerSplitAction = z.looseObject({
  ...branchy,
  type: z.literal('trigger-split'),
  data: z.looseObject({
    trigger_filter: obj.nullable(),
    trigger_id: z.string(),
    trigger_type: z.enum(['date', 'list', 'low-inventory', 'metric', 'price-drop', 'scheduled', 'segment']),
    trigger_subtype: z
      .enum(['custom-object', 'legacy-custom-object', 'profile-property', 'profile-trait'])
      .nullable()
      .optional(),
  }),
})
export const actionOutputSplitAction = z.looseObject({
  ...branchy,
  type: z.literal('action-output-split'),
  data: z.looseObject({ action_output_filter: obj.nullable() }),
})
export const multiBranchSplitBranch = z.looseObject({
  branch_id: z.string().min(1),
  order: z.number().int().nullable().optional(),
  is_else: z.boolean().optional(),
  branch_filter: profileFilter.nullable().optional(),
  links: link.nullable().optional(),
  name: nullableText,
})
export const multiBranchSplitAction = z.looseObject({
  ...base,
  type: z.literal('multi-branch-split'),
  links: z.null().optional(),
  data: z.looseObject({ branches: z.array(multiBranchSplitBranch), name: z.string().min(1) }),
})
export const targetDateAction = z.looseObject({
  ...linear,
  type: z.literal('target-date'),
  data: z
    .looseObject({
      timezone: timezone.optional(),
      target_time: z.string().optional(),
      target_days: z.array(weekday).nullable().optional(),
    })
    .optional(),
})
export const countdownDelayAction = z.looseObject({
  ...linear,
  type: z.literal('countdown-delay'),
  data: z
    .looseObject({
      unit: z.enum(['days', 'months', 'weeks']).optional(),
      value: z.number().int().optional(),
      timezone: timezone.optional(),
      delay_until_time: nullableText,
      delay_until_weekdays: z.array(weekday).nullable().optional(),
    })
    .optional(),
})
export const backInStockDelayAction = z.looseObject({
  ...linear,
  type: z.literal('back-in-stock-delay'),
  data: obj.nullable().optional(),
})
export const abTestAction = z.looseObject({ ...linear, type: z.literal('ab-test'), data: z.looseObject({}) })
export const contentExperimentAction = z.looseObject({
  ...linear,
  type: z.literal('content-experiment'),
  data: z.looseObject({}),
})
export const internalServiceAction = z.looseObject({
  ...linear,
  type: z.literal('internal-service'),
  data: z.looseObject({ service_configuration: z.unknown().optional(), status }).optional(),
})
export const codeAction = z.looseObject({ ...linear, type: z.literal('code'), data: z.unknown().optional() })
/** Our own action (issue 24): the company's review request template, one email per order of the trigger event. */
const NO_TEMPLATE = 'Choose the review request template.'
export const flowReviewRequest = z.looseObject(
  {
    name: nullableText,
    subject_line: z
      .string({ error: 'The review request needs a subject.' })
      .trim()
      .min(1, 'The review request needs a subject.')
      .max(255),
    heading: z.string().max(255).nullable().optional(),
    template_id: z.string({ error: NO_TEMPLATE }).min(1, NO_TEMPLATE).max(64),
    from_email: nullableText,
    from_label: nullableText,
    smart_sending_enabled: z.boolean().optional(),
  },
  { error: NO_TEMPLATE },
)
export const sendReviewRequestAction = z.looseObject({
  ...linear,
  type: z.literal('send-review-request'),
  data: z.looseObject({ message: flowReviewRequest, status }),
})

export const knownFlowAction = z.discriminatedUnion('type', [
  timeDelayAction,
  sendEmailAction,
  sendSmsAction,
  sendPushAction,
  sendWhatsAppAction,
  sendWebhookAction,
  sendInternalAlertAction,
  updateProfileAction,
  listUpdateAction,
  conditionalSplitAction,
  triggerSplitAction,
  actionOutputSplitAction,
  multiBranchSplitAction,
  targetDateAction,
  countdownDelayAction,
  backInStockDelayAction,
  abTestAction,
  contentExperimentAction,
  internalServiceAction,
  codeAction,
  sendReviewRequestAction,
])
export type KnownFlowAction = z.infer<typeof knownFlowAction>
export type FlowActionType = KnownFlowAction['type']
export const KNOWN_ACTION_TYPES: readonly FlowActionType[] = knownFlowAction.options.map((o) => o.shape.type.value)

export const flowAction = byType(KNOWN_ACTION_TYPES, knownFlowAction)
/** A known action, or an unknown one kept as it came (links and data untyped). */
export type FlowAction =
  | KnownFlowAction
  | (UnsupportedObject & { id?: string | null; temporary_id?: string | null; links?: unknown; data?: unknown })

/** Action types whose `data` carries a status (the vendor's *ActionData with `status`). */
export const STATUS_ACTION_TYPES: ReadonlySet<string> = new Set([
  'send-email',
  'send-sms',
  'send-mobile-push',
  'send-whatsapp',
  'send-webhook',
  'send-internal-alert',
  'update-profile',
  'list-update',
  'internal-service',
  'send-review-request',
])

export const reentryCriteria = z.looseObject({
  duration: z.number().int().min(0),
  unit: z.enum(['day', 'hour', 'week', 'alltime']),
})
export type ReentryCriteria = z.infer<typeof reentryCriteria>

export const flowDefinition = z.looseObject({
  triggers: z.array(flowTrigger),
  profile_filter: profileFilter.nullable().optional(),
  actions: z.array(flowAction).max(1000, 'A flow can have at most 1000 actions.'),
  entry_action_id: id.nullable(),
  reentry_criteria: reentryCriteria.nullable().optional(),
})
export interface FlowDefinition {
  triggers: FlowTrigger[]
  profile_filter?: ProfileFilter | null
  actions: FlowAction[]
  entry_action_id: string | null
  reentry_criteria?: ReentryCriteria | null
  [extra: string]: unknown
}

export const isUnsupported = (o: object): o is UnsupportedObject =>
  (o as { unsupported?: unknown }).unsupported === true

/** The key an action is linked by: its id, else (on create) its temporary_id. */
export const actionKey = (a: FlowAction): string | null => a.id ?? a.temporary_id ?? null

export interface LinkRef {
  /** Path below the action, e.g. ['links', 'next'] or ['data', 'branches', 0, 'links', 'next']. */
  path: Array<string | number>
  target: string | null
}

/** Every outgoing link of an action (also of unknown kinds: next, next_if_true, next_if_false). */
export function actionLinks(a: FlowAction): LinkRef[] {
  const out: LinkRef[] = []
  const links = (a as { links?: unknown }).links
  if (links && typeof links === 'object') {
    for (const k of ['next', 'next_if_true', 'next_if_false'] as const) {
      if (k in links) {
        const v = (links as Record<string, unknown>)[k]
        out.push({ path: ['links', k], target: typeof v === 'string' ? v : null })
      }
    }
  }
  if (a.type === 'multi-branch-split' && !isUnsupported(a)) {
    a.data.branches.forEach((b, i) =>
      out.push({ path: ['data', 'branches', i, 'links', 'next'], target: b.links?.next ?? null }),
    )
  }
  return out
}

/** Sets a link found by actionLinks (used to replace temporary ids with real ones). */
export function setLink(a: FlowAction, path: Array<string | number>, target: string | null): void {
  let node: Record<string | number, unknown> = a as unknown as Record<string, unknown>
  for (const p of path.slice(0, -1)) node = node[p] as Record<string | number, unknown>
  node[path[path.length - 1]!] = target
}

/** The vendor's trigger_type attribute for a definition's first trigger (null for segments). */
export function triggerTypeOf(triggers: FlowTrigger[]): string | null {
  const t = triggers[0]
  if (!t) return 'Unconfigured'
  switch (t.type) {
    case 'list':
      return 'Added to List'
    case 'segment':
      return null
    case 'metric':
      return 'Metric'
    case 'date':
      return 'Date Based'
    case 'price-drop':
      return 'Price Drop'
    case 'low-inventory':
      return 'Low Inventory'
    case 'scheduled':
      return 'Scheduled'
    default:
      return 'Unconfigured'
  }
}
