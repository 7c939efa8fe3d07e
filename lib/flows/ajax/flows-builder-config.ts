// GET /ajax/flows/builder/config – what the builder offers: action types with their channel
// codes of seed 002 §3.3 (email 4, push 6, sms 12, ab_test 16, whatsapp 19), the message keys,
// delay units (seed 002 §3.3 numeric: week 0, month 1, day 2; the definition's minutes, hours,
// days, weeks), trigger types, statuses and limits.
import { KNOWN_ACTION_TYPES, KNOWN_TRIGGER_TYPES, ACTION_STATUSES } from '../definition'
import { FLOW_STATUS } from '../store'
import { MAX_TAGS } from './flows-details'

export const CHANNEL_CODES = { email: 4, push: 6, sms: 12, ab_test: 16, whatsapp: 19 } as const

const ACTIONS: Array<{
  type: string
  group: 'message' | 'timing' | 'logic' | 'profile' | 'other'
  channelCode: number | null
  messageKey: string | null
  label: string
}> = [
  {
    type: 'send-email',
    group: 'message',
    channelCode: CHANNEL_CODES.email,
    messageKey: 'flow_message',
    label: 'Email',
  },
  { type: 'send-sms', group: 'message', channelCode: CHANNEL_CODES.sms, messageKey: 'flow_sms', label: 'SMS' },
  {
    type: 'send-mobile-push',
    group: 'message',
    channelCode: CHANNEL_CODES.push,
    messageKey: 'flow_push_notification',
    label: 'Push notification',
  },
  { type: 'send-whatsapp', group: 'message', channelCode: CHANNEL_CODES.whatsapp, messageKey: null, label: 'WhatsApp' },
  { type: 'send-webhook', group: 'other', channelCode: null, messageKey: 'flow_webhook', label: 'Webhook' },
  { type: 'send-internal-alert', group: 'other', channelCode: null, messageKey: null, label: 'Internal alert' },
  { type: 'send-review-request', group: 'message', channelCode: null, messageKey: null, label: 'Review request' },
  { type: 'ab-test', group: 'logic', channelCode: CHANNEL_CODES.ab_test, messageKey: null, label: 'A/B test' },
  {
    type: 'content-experiment',
    group: 'logic',
    channelCode: CHANNEL_CODES.ab_test,
    messageKey: null,
    label: 'Content experiment',
  },
  { type: 'time-delay', group: 'timing', channelCode: null, messageKey: null, label: 'Time delay' },
  { type: 'target-date', group: 'timing', channelCode: null, messageKey: null, label: 'Delay until a date' },
  { type: 'countdown-delay', group: 'timing', channelCode: null, messageKey: null, label: 'Countdown delay' },
  { type: 'conditional-split', group: 'logic', channelCode: null, messageKey: null, label: 'Conditional split' },
  { type: 'trigger-split', group: 'logic', channelCode: null, messageKey: null, label: 'Trigger split' },
  { type: 'multi-branch-split', group: 'logic', channelCode: null, messageKey: null, label: 'Multi-branch split' },
  { type: 'update-profile', group: 'profile', channelCode: null, messageKey: null, label: 'Update profile property' },
  { type: 'list-update', group: 'profile', channelCode: null, messageKey: null, label: 'Add to or remove from a list' },
  { type: 'code', group: 'other', channelCode: null, messageKey: null, label: 'Code' },
]

export function builderConfig() {
  const known = new Set<string>(KNOWN_ACTION_TYPES)
  return {
    actionTypes: ACTIONS.filter((a) => known.has(a.type)),
    channelCodes: CHANNEL_CODES,
    messageKeys: ['flow_message', 'flow_push_notification', 'flow_sms', 'flow_webhook'],
    triggerTypes: [...KNOWN_TRIGGER_TYPES],
    triggerSources: ['lists', 'segments', 'actions', 'date', 'priceDrop', 'lowInventory'],
    flowStatuses: Object.fromEntries(Object.entries(FLOW_STATUS).map(([k, v]) => [k, String(v)])),
    actionStatuses: [...ACTION_STATUSES],
    delayUnits: { definition: ['minutes', 'hours', 'days', 'weeks'], numeric: { week: 0, month: 1, day: 2 } },
    recurrence: { monthly: 0, annual: 1, never: 2, week: 3 },
    weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    limits: { maxActions: 1000, minSplitBranches: 2, maxTags: MAX_TAGS, maxNameLength: 255 },
  }
}
