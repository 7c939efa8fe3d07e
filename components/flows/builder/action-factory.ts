// New actions of each kind the builder offers, with their defaults. The old target of the slot a
// new action is inserted on becomes its next step (a split's "yes" branch, a multi-branch split's
// first branch).
import type { ActionStatus, FlowAction } from '@/lib/flows/definition'

export const ADDABLE_GROUPS = {
  timing: ['time-delay'],
  logic: ['conditional-split', 'trigger-split', 'multi-branch-split', 'ab-test'],
  messages: ['send-email', 'send-sms', 'send-mobile-push', 'send-whatsapp', 'send-review-request'],
  other: ['send-webhook', 'send-internal-alert', 'update-profile', 'list-update', 'code'],
} as const
export type AddableType = (typeof ADDABLE_GROUPS)[keyof typeof ADDABLE_GROUPS][number]
export interface NewActionOptions {
  status?: ActionStatus
  /** The flow's metric trigger, for a trigger split (which splits on that event's properties). */
  triggerMetricId?: string | null
  seq?: number
}

export function newAction(
  type: AddableType,
  key: string,
  next: string | null,
  opts: NewActionOptions = {},
): FlowAction {
  const status = opts.status ?? 'draft'
  const n = opts.seq ?? 1
  const linear = { temporary_id: key, links: { next } }
  switch (type) {
    case 'time-delay':
      return { ...linear, type, data: { unit: 'days', value: 1 } }
    case 'conditional-split':
      return {
        temporary_id: key,
        type,
        links: { next_if_true: next, next_if_false: null },
        data: { profile_filter: { condition_groups: [{ conditions: [] }] } },
      }
    case 'trigger-split':
      return {
        temporary_id: key,
        type,
        links: { next_if_true: next, next_if_false: null },
        data: {
          trigger_type: 'metric',
          trigger_id: opts.triggerMetricId ?? '',
          trigger_filter: { condition_groups: [{ conditions: [] }] },
        },
      }
    case 'multi-branch-split':
      return {
        temporary_id: key,
        type,
        links: null,
        data: {
          name: 'Split',
          branches: [
            {
              branch_id: 'branch-1',
              order: 0,
              name: 'Branch 1',
              branch_filter: { condition_groups: [{ conditions: [] }] },
              links: { next },
            },
            { branch_id: 'else', order: 1, name: 'Else', is_else: true, branch_filter: null, links: { next: null } },
          ],
        },
      }
    case 'ab-test':
      // The engine's shape (lib/flows/engine/actions/experiments.ts): the main email and the variations,
      // weights in allocations by variation key (the main action's key is 'main' until it has an id).
      return {
        ...linear,
        type,
        data: {
          experiment_status: 'draft',
          main_action: {
            type: 'send-email',
            data: { status, message: { name: 'Variation A', subject_line: '', template_id: null } },
          },
          current_experiment: {
            variations: [
              {
                temporary_id: `${key}-b`,
                type: 'send-email',
                data: { status, message: { name: 'Variation B', subject_line: '', template_id: null } },
              },
            ],
            allocations: { main: 50, [`${key}-b`]: 50 },
          },
          winner_metric: 'open_rate',
          winner_after_hours: 24,
        },
      }
    case 'send-email':
      return {
        ...linear,
        type,
        data: {
          status,
          message: {
            name: `Email #${n}`,
            subject_line: '',
            preview_text: '',
            from_email: null,
            from_label: null,
            template_id: null,
            smart_sending_enabled: true,
          },
        },
      }
    case 'send-sms':
      return {
        ...linear,
        type,
        data: { status, message: { name: `SMS #${n}`, body: '', smart_sending_enabled: true } },
      }
    case 'send-mobile-push':
      return {
        ...linear,
        type,
        data: { status, message: { name: `Push #${n}`, title: '', body: '', smart_sending_enabled: true } },
      }
    case 'send-whatsapp':
      return {
        ...linear,
        type,
        data: { status, message: { name: `WhatsApp #${n}`, vendor_id: null, body: '', smart_sending_enabled: true } },
      }
    case 'send-webhook':
      return {
        ...linear,
        type,
        data: { status, message: { name: `Webhook #${n}`, url: null, headers: {}, body: '{}' } },
      }
    case 'send-internal-alert':
      return {
        ...linear,
        type,
        data: {
          status,
          message: { name: `Alert #${n}`, from_email: null, from_label: null, to_emails: [], subject_line: '' },
        },
      }
    case 'send-review-request':
      // the template is chosen in the panel: the definition refuses the action without one
      return {
        ...linear,
        type,
        data: {
          status,
          message: { name: `Review request #${n}`, subject_line: 'How did we do?', heading: null, template_id: '' },
        },
      } as FlowAction
    case 'update-profile':
      return { ...linear, type, data: { status, profile_operations: [] } }
    case 'list-update':
      return { ...linear, type, data: { status, name: 'Add to list', on_execution: true, list_id: null } }
    case 'code':
      return {
        ...linear,
        type,
        data: { name: 'Code', source_code: 'export default function (profile, event) {\n  return {}\n}\n' },
      }
  }
}
