// The /ajax calls that change one action's settings (seed 002 §7.3): update, status (single and
// bulk), timing, setting, message/create, list_update/update, ab_test/create, and the check of
// update-profile operations. Each edit but a status change is one new version of the flow;
// statuses are current for every version (FlowAction.status), so runs already inside obey them.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { ACTION_STATUSES, STATUS_ACTION_TYPES, isMessageActionType, type FlowAction } from '@/lib/flows/definition'
import { setActionStatuses } from '@/lib/flows/store'
import { ensureVariationIds } from './messages-lookup'
import { recordFlowAudit } from './flows-common'
import { defaultMessage, MESSAGE_CHANNEL_CODES, type MessageChannelCode } from './actions-defaults'
import { checkAction, clone, editAnswer, loadAction, loadFlow, saveEdited } from './actions-flow-edit'

type Json = Record<string, unknown>
const dataOf = (a: FlowAction): Json => {
  const d = (a as { data?: unknown }).data
  if (d && typeof d === 'object' && !Array.isArray(d)) return d as Json
  const fresh: Json = {}
  ;(a as { data?: unknown }).data = fresh
  return fresh
}

// ---- update ----------------------------------------------------------------------------------

/**
 * POST /ajax/flow/action/{id}/update. Body (vendor field names, as sent): { data: {...} } laid
 * over the action's data (its type, id and links stay; links change through the path calls).
 */
export async function updateAction(companyId: number, actionId: string, body: Json, userId: number | null = null) {
  const data = body.data
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw badRequest('Send the fields to change in "data".', {
      data: ["Required: an object of the action's data fields."],
    })
  const l = await loadAction(companyId, actionId)
  const next = clone(l.action) as FlowAction & { data?: unknown }
  next.data = { ...dataOf(next), ...(data as Json) }
  l.def.actions[l.index] = checkAction(next, '/action')
  await saveEdited(companyId, l, l.def, { userId, call: 'updateAction' })
  return editAnswer(companyId, l.flow.id, actionId)
}

// ---- status ----------------------------------------------------------------------------------

const actionStatus = z.enum(ACTION_STATUSES, { message: `The status must be one of ${ACTION_STATUSES.join(', ')}.` })

export const actionStatusBody = z.object({
  status: actionStatus,
  /** Accepted as the builder sends them; not stored. */
  beta: z.boolean().optional(),
  talonId: z
    .union([z.string().max(200), z.number()])
    .nullable()
    .optional(),
})

/** POST /ajax/flow/action/{id}/status: live, manual, draft or disabled, for the actions that carry a status. */
export async function setActionStatus(
  companyId: number,
  actionId: string,
  input: z.infer<typeof actionStatusBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  if (!STATUS_ACTION_TYPES.has(l.action.type))
    throw badRequest('This action has no status.', { status: [`A ${l.action.type} action has no status.`] })
  await setActionStatuses(companyId, l.flow.id, [actionId], input.status)
  await recordFlowAudit({
    companyId,
    flowId: l.flow.id,
    userId,
    action: 'status',
    detail: { call: 'setActionStatus', actionIds: [actionId], from: l.row.status, to: input.status },
  })
  return editAnswer(companyId, l.flow.id, actionId)
}

export const bulkStatusBody = z.object({
  actionIds: z.array(z.string().min(1).max(64)).min(1, 'Choose at least one action.').max(1000),
  status: actionStatus,
})

/** POST /ajax/flow/{id}/actions/status: one status for several actions of the flow. */
export async function setBulkActionStatus(
  companyId: number,
  flowId: string,
  input: z.infer<typeof bulkStatusBody>,
  userId: number | null = null,
) {
  const l = await loadFlow(companyId, flowId)
  const byId = new Map(l.def.actions.map((a) => [a.id!, a]))
  const errors: Record<string, string[]> = {}
  input.actionIds.forEach((id, i) => {
    const a = byId.get(id)
    if (!a) errors[`actionIds.${i}`] = [`There is no action ${id} in this flow.`]
    else if (!STATUS_ACTION_TYPES.has(a.type)) errors[`actionIds.${i}`] = [`A ${a.type} action has no status.`]
  })
  if (Object.keys(errors).length) throw badRequest('Some actions cannot take a status.', errors)
  const updated = await setActionStatuses(companyId, flowId, [...new Set(input.actionIds)], input.status)
  await recordFlowAudit({
    companyId,
    flowId,
    userId,
    action: 'status',
    detail: { call: 'setBulkActionStatus', actionIds: [...new Set(input.actionIds)], to: input.status },
  })
  return { ...(await editAnswer(companyId, flowId)), updated }
}

// ---- timing ----------------------------------------------------------------------------------

/** Delay units of seed 002 §3.3: 0 week, 1 month, 2 day (and the vendor's names, hours and minutes too). */
const DELAY_UNITS: Record<string, string> = {
  0: 'weeks',
  1: 'months',
  2: 'days',
  weeks: 'weeks',
  months: 'months',
  days: 'days',
  hours: 'hours',
  minutes: 'minutes',
  week: 'weeks',
  month: 'months',
  day: 'days',
  hour: 'hours',
  minute: 'minutes',
}
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use a time of day as HH:MM.')

export const timingBody = z.object({
  delayUnitValue: z.coerce
    .number()
    .int('Use a whole number.')
    .min(0, 'The delay cannot be negative.')
    .max(100_000)
    .optional(),
  delayUnits: z
    .union([z.number(), z.string()])
    .transform((v, ctx) => {
      const u = DELAY_UNITS[String(v).toLowerCase()]
      if (!u) ctx.addIssue({ code: 'custom', message: 'Use 0 (weeks), 1 (months), 2 (days), hours or minutes.' })
      return u ?? 'days'
    })
    .optional(),
  sendTime: hhmm.nullable().optional(),
  timezone: z.string().min(1).max(64).nullable().optional(),
  secondaryValue: z.coerce.number().int().min(0).max(100_000).nullable().optional(),
  useSendTime: z.boolean().optional(),
  useDayRestrictions: z.boolean().optional(),
  allowedDays: z.array(z.enum(weekdays, { message: 'Use weekday names (monday … sunday).' })).optional(),
})

const DELAY_TYPES = new Set(['time-delay', 'countdown-delay', 'target-date'])

/** POST /ajax/flow/action/{id}/timing: a delay's length, time of day, time zone and allowed days. */
export async function setActionTiming(
  companyId: number,
  actionId: string,
  input: z.infer<typeof timingBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  if (!DELAY_TYPES.has(l.action.type))
    throw badRequest('Only a delay has timing.', { id: [`A ${l.action.type} action has no timing.`] })
  const data = dataOf(l.action)
  const timeKey = l.action.type === 'target-date' ? 'target_time' : 'delay_until_time'
  const daysKey = l.action.type === 'target-date' ? 'target_days' : 'delay_until_weekdays'
  if (l.action.type !== 'target-date') {
    if (input.delayUnitValue !== undefined) data.value = input.delayUnitValue
    if (input.delayUnits !== undefined) {
      const allowed =
        l.action.type === 'time-delay' ? ['weeks', 'days', 'hours', 'minutes'] : ['weeks', 'months', 'days']
      if (!allowed.includes(input.delayUnits))
        throw badRequest('This delay cannot use that unit.', {
          delayUnits: [`A ${l.action.type} counts in ${allowed.join(', ')}.`],
        })
      data.unit = input.delayUnits
    }
    if (input.secondaryValue !== undefined && l.action.type === 'time-delay')
      data.secondary_value = input.secondaryValue
  }
  if (input.timezone !== undefined) {
    if (input.timezone === null) delete data.timezone
    else data.timezone = input.timezone
  }
  // A target date always has a time of day (the vendor's target_time is not nullable): off means 09:00.
  if (input.useSendTime === false) data[timeKey] = l.action.type === 'target-date' ? '09:00' : null
  else if (input.sendTime !== undefined)
    data[timeKey] = input.sendTime ?? (l.action.type === 'target-date' ? '09:00' : null)
  if (input.useSendTime === true && !data[timeKey])
    throw badRequest('Choose the time of day to send at.', { sendTime: ['Required when useSendTime is on.'] })
  if (input.useDayRestrictions === false) data[daysKey] = null
  else if (input.allowedDays !== undefined || input.useDayRestrictions) {
    const days = input.allowedDays ?? (data[daysKey] as string[] | null | undefined) ?? []
    if (!days.length)
      throw badRequest('Choose at least one day.', {
        allowedDays: ['Choose at least one day when the days are restricted.'],
      })
    data[daysKey] = weekdays.filter((d) => days.includes(d))
  }
  checkAction(l.action)
  await saveEdited(companyId, l, l.def, { userId, call: 'setActionTiming' })
  return editAnswer(companyId, l.flow.id, actionId)
}

// ---- setting ---------------------------------------------------------------------------------

const utmParam = z.object({
  param: z.string().min(1).max(100),
  value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
})

export const settingBody = z
  .object({
    name: z.string().trim().min(1).max(255).optional(),
    smartSendingEnabled: z.boolean().optional(),
    transactional: z.boolean().optional(),
    addTrackingParams: z.boolean().optional(),
    customTrackingParams: z.array(utmParam).max(50).nullable().optional(),
    smsQuietHoursEnabled: z.boolean().optional(),
    shortenLinks: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one setting.' })

/** Which message settings each channel has (the vendor's Flow* message fields). */
const SETTING_CHANNELS: Record<string, readonly string[]> = {
  name: ['send-email', 'send-sms', 'send-mobile-push', 'send-whatsapp', 'send-webhook', 'send-internal-alert'],
  smartSendingEnabled: ['send-email', 'send-sms', 'send-mobile-push', 'send-whatsapp'],
  transactional: ['send-email', 'send-sms', 'send-whatsapp'],
  addTrackingParams: ['send-email', 'send-sms'],
  customTrackingParams: ['send-email', 'send-sms'],
  smsQuietHoursEnabled: ['send-sms'],
  shortenLinks: ['send-sms'],
}
const SNAKE: Record<string, string> = {
  name: 'name',
  smartSendingEnabled: 'smart_sending_enabled',
  transactional: 'transactional',
  addTrackingParams: 'add_tracking_params',
  customTrackingParams: 'custom_tracking_params',
  smsQuietHoursEnabled: 'sms_quiet_hours_enabled',
  shortenLinks: 'shorten_links',
}

/** POST /ajax/flow/action/{id}/setting: a message action's smart sending, transactional, UTM and SMS settings. */
export async function setActionSetting(
  companyId: number,
  actionId: string,
  input: z.infer<typeof settingBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  if (!isMessageActionType(l.action.type))
    throw badRequest('Only a message action has these settings.', {
      id: [`A ${l.action.type} action sends no message.`],
    })
  const errors: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(input))
    if (v !== undefined && !SETTING_CHANNELS[k]!.includes(l.action.type))
      errors[k] = [`A ${l.action.type} action has no ${SNAKE[k]} setting.`]
  if (Object.keys(errors).length) throw badRequest('Some settings do not apply to this action.', errors)
  const data = dataOf(l.action)
  const message = (
    data.message && typeof data.message === 'object'
      ? data.message
      : (data.message = defaultMessage(l.action.type) ?? {})
  ) as Json
  for (const [k, v] of Object.entries(input)) if (v !== undefined) message[SNAKE[k]!] = v
  checkAction(l.action)
  await saveEdited(companyId, l, l.def, { userId, call: 'setActionSetting' })
  return editAnswer(companyId, l.flow.id, actionId)
}

// ---- message/create --------------------------------------------------------------------------

export const messageCreateBody = z.object({
  channel: z.coerce
    .number()
    .int()
    .refine((c) => Object.hasOwn(MESSAGE_CHANNEL_CODES, c), {
      message: 'Use channel 4 (email), 6 (push), 12 (SMS) or 19 (WhatsApp).',
    }),
  name: z.string().trim().min(1).max(255).optional(),
})

/** POST /ajax/flow/action/{id}/message/create: the default message of a send action that has none yet. */
export async function createActionMessage(
  companyId: number,
  actionId: string,
  input: z.infer<typeof messageCreateBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  const type = MESSAGE_CHANNEL_CODES[input.channel as MessageChannelCode]
  if (l.action.type !== type)
    throw badRequest('The channel does not match the action.', { channel: [`This is a ${l.action.type} action.`] })
  const data = dataOf(l.action)
  if (data.message && typeof data.message === 'object')
    throw badRequest('This action already has a message.', { channel: ['The action already has a message.'] })
  data.message = defaultMessage(type, input.name)
  if (!('status' in data)) data.status = 'draft'
  checkAction(l.action)
  await saveEdited(companyId, l, l.def, { userId, call: 'createActionMessage' })
  const answer = await editAnswer(companyId, l.flow.id, actionId)
  const row = await db.flowMessage.findFirst({
    where: { companyId, actionId },
    select: { id: true, channel: true, name: true },
  })
  return { ...answer, message: row }
}

// ---- list_update/update ----------------------------------------------------------------------

export const listUpdateBody = z.object({
  listId: z.string().min(1).max(64).nullable(),
  /** true or "add": add the profile to the list; false or "remove": remove it. */
  onExecution: z.union([z.boolean(), z.enum(['add', 'remove'])]).transform((v) => v === true || v === 'add'),
  name: z.string().trim().min(1).max(255).optional(),
})

/** POST /ajax/flow/action/{id}/list_update/update: a list-update action's list and direction. */
export async function updateListUpdate(
  companyId: number,
  actionId: string,
  input: z.infer<typeof listUpdateBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  if (l.action.type !== 'list-update')
    throw badRequest('This is not a list update action.', { id: [`A ${l.action.type} action has no list.`] })
  const data = dataOf(l.action)
  data.list_id = input.listId
  data.on_execution = input.onExecution
  data.name = input.name ?? (input.onExecution ? 'Add to list' : 'Remove from list')
  checkAction(l.action)
  await saveEdited(companyId, l, l.def, { userId, call: 'updateListUpdate' })
  return editAnswer(companyId, l.flow.id, actionId)
}

// ---- ab_test/create --------------------------------------------------------------------------

/** POST /ajax/flow/action/{id}/ab_test/create: turns an email or SMS action into an A/B test of two variations (copies of its message). */
export async function createAbTest(companyId: number, actionId: string, userId: number | null = null) {
  const l = await loadAction(companyId, actionId)
  if (l.action.type !== 'send-email' && l.action.type !== 'send-sms') {
    throw badRequest('Only an email or SMS action can become an A/B test.', {
      id: [`A ${l.action.type} action cannot be A/B tested.`],
    })
  }
  const data = dataOf(l.action)
  const message = (
    data.message && typeof data.message === 'object' ? clone(data.message) : defaultMessage(l.action.type)
  ) as Json
  delete message.id
  const variation = (label: string): Json => ({
    type: l.action.type,
    data: { message: { ...clone(message), name: `${String(message.name ?? 'Message')} ${label}` } },
  })
  const abTest = {
    id: actionId,
    type: 'ab-test',
    links: (l.action as { links?: unknown }).links ?? { next: null },
    data: {
      status: typeof data.status === 'string' ? data.status : 'draft',
      experiment_status: 'draft',
      main_action: { type: l.action.type, data: { message: clone(message) } },
      current_experiment: {
        id: null,
        name: `${String(message.name ?? 'Message')} A/B test`,
        variations: [variation('A'), variation('B')],
        allocations: null,
        started: null,
      },
    },
  }
  const checked = checkAction(abTest)
  ensureVariationIds(checked)
  l.def.actions[l.index] = checked
  await saveEdited(companyId, l, l.def, { userId, call: 'createAbTest' })
  return editAnswer(companyId, l.flow.id, actionId)
}
