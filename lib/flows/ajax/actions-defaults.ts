// What a new action of each type starts with when the builder adds it (POST
// /ajax/flow/path/{pathId}/action/add) and the default message of each channel (POST
// /ajax/flow/action/{id}/message/create, channel codes of seed 002 §3.3).
import type { FlowDefinition } from '@/lib/flows/definition'

/** Channel codes of seed 002 §3.3 for the message channels an action can create. */
export const MESSAGE_CHANNEL_CODES = {
  4: 'send-email',
  6: 'send-mobile-push',
  12: 'send-sms',
  19: 'send-whatsapp',
} as const
export type MessageChannelCode = keyof typeof MESSAGE_CHANNEL_CODES

export function defaultMessage(type: string, name = 'Message'): Record<string, unknown> | null {
  switch (type) {
    case 'send-email':
      return {
        name: name === 'Message' ? 'Email' : name,
        subject_line: '',
        preview_text: '',
        from_email: null,
        from_label: null,
        reply_to_email: null,
        cc_email: null,
        bcc_email: null,
        template_id: null,
        smart_sending_enabled: true,
        transactional: false,
        add_tracking_params: true,
        custom_tracking_params: null,
      }
    case 'send-sms':
      return {
        name: name === 'Message' ? 'SMS' : name,
        body: '',
        image_id: null,
        shorten_links: true,
        smart_sending_enabled: true,
        sms_quiet_hours_enabled: true,
        transactional: false,
        add_tracking_params: true,
        custom_tracking_params: null,
      }
    case 'send-mobile-push':
      return {
        name: name === 'Message' ? 'Push notification' : name,
        title: '',
        body: '',
        sound: false,
        badge: false,
        on_open: 'home',
        push_type: 'standard',
        smart_sending_enabled: true,
      }
    case 'send-whatsapp':
      return {
        name: name === 'Message' ? 'WhatsApp' : name,
        vendor_id: null,
        smart_sending_enabled: true,
        transactional: false,
      }
    case 'send-webhook':
      return { name: 'Webhook', url: null, headers: null, body: null }
    case 'send-internal-alert':
      return {
        name: 'Internal alert',
        from_email: null,
        from_label: null,
        to_emails: [],
        subject_line: null,
        template_id: null,
      }
    case 'send-review-request':
      // as the builder adds it; the definition refuses it until a template is chosen
      return {
        name: 'Review request',
        subject_line: 'How did we do?',
        heading: null,
        template_id: null,
        from_email: null,
        from_label: null,
        smart_sending_enabled: false,
      }
    default:
      return null
  }
}

/** The types the builder can add, with their default data and whether they branch. */
export const ADDABLE_TYPES = [
  'time-delay',
  'target-date',
  'countdown-delay',
  'back-in-stock-delay',
  'send-email',
  'send-sms',
  'send-mobile-push',
  'send-whatsapp',
  'send-webhook',
  'send-internal-alert',
  'send-review-request',
  'update-profile',
  'list-update',
  'conditional-split',
  'trigger-split',
  'action-output-split',
  'multi-branch-split',
  'code',
] as const
export type AddableType = (typeof ADDABLE_TYPES)[number]

const TRIGGER_SPLIT_TYPES = new Set(['date', 'list', 'low-inventory', 'metric', 'price-drop', 'scheduled', 'segment'])

/**
 * A new action of `type` whose onward path continues to `onward`: single-path actions link
 * next; true/false splits put it on the branch named by `branch` (default the "yes" branch);
 * a multi-branch split on its first branch.
 */
export function newAction(
  type: AddableType,
  tempId: string,
  onward: string | null,
  def: FlowDefinition,
  branch: 'true' | 'false' = 'true',
): Record<string, unknown> {
  const linear = (data: unknown) => ({ temporary_id: tempId, type, links: { next: onward }, data })
  const split = (data: unknown) => ({
    temporary_id: tempId,
    type,
    data,
    links:
      branch === 'true' ? { next_if_true: onward, next_if_false: null } : { next_if_true: null, next_if_false: onward },
  })
  switch (type) {
    case 'time-delay':
      return linear({
        unit: 'days',
        value: 1,
        secondary_value: null,
        delay_until_time: null,
        delay_until_weekdays: null,
      })
    case 'target-date':
      return linear({ timezone: 'profile', target_time: '09:00', target_days: null })
    case 'countdown-delay':
      return linear({ unit: 'days', value: 1, timezone: 'profile', delay_until_time: null, delay_until_weekdays: null })
    case 'back-in-stock-delay':
      return linear(null)
    case 'send-email':
    case 'send-sms':
    case 'send-mobile-push':
    case 'send-whatsapp':
    case 'send-webhook':
    case 'send-internal-alert':
    case 'send-review-request':
      return linear({ status: 'draft', message: defaultMessage(type) })
    case 'update-profile':
      return linear({ status: 'draft', profile_operations: [] })
    case 'list-update':
      return linear({ status: 'draft', name: 'List update', on_execution: true, list_id: null })
    case 'code':
      return linear(null)
    case 'conditional-split':
      return split({ profile_filter: null })
    case 'action-output-split':
      return split({ action_output_filter: null })
    case 'trigger-split': {
      const t = def.triggers[0] as { type?: string; id?: unknown } | undefined
      const triggerType = t?.type && TRIGGER_SPLIT_TYPES.has(t.type) ? t.type : 'metric'
      return split({
        trigger_filter: null,
        trigger_id: typeof t?.id === 'string' ? t.id : '',
        trigger_type: triggerType,
      })
    }
    case 'multi-branch-split':
      return {
        temporary_id: tempId,
        type,
        links: null,
        data: {
          name: 'Multi-branch split',
          branches: [
            { branch_id: 'branch-1', order: 0, name: 'Branch 1', branch_filter: null, links: { next: onward } },
            { branch_id: 'else', order: 1, name: 'Everyone else', is_else: true, links: { next: null } },
          ],
        },
      }
  }
}
