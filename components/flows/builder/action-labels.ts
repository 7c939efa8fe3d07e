// Short human summaries of actions and triggers for the canvas nodes.
import { isUnsupported, type FlowAction, type FlowTrigger } from '@/lib/flows/definition'

type T = (key: string, values?: Record<string, string | number>) => string

/** The translation key of each action type's name (flowBuilder.types.*). */
const TYPE_KEYS: Record<string, string> = {
  'time-delay': 'timeDelay',
  'conditional-split': 'conditionalSplit',
  'trigger-split': 'triggerSplit',
  'multi-branch-split': 'multiBranchSplit',
  'action-output-split': 'actionOutputSplit',
  'ab-test': 'abTest',
  'content-experiment': 'contentExperiment',
  'send-email': 'sendEmail',
  'send-sms': 'sendSms',
  'send-mobile-push': 'sendMobilePush',
  'send-whatsapp': 'sendWhatsapp',
  'send-webhook': 'sendWebhook',
  'send-internal-alert': 'sendInternalAlert',
  'send-review-request': 'sendReviewRequest',
  'update-profile': 'updateProfile',
  'list-update': 'listUpdate',
  code: 'code',
  'target-date': 'targetDate',
  'countdown-delay': 'countdownDelay',
  'back-in-stock-delay': 'backInStockDelay',
  'internal-service': 'internalService',
}
export const typeKey = (type: string): string | null => TYPE_KEYS[type] ?? null

export function actionTitle(a: FlowAction, t: T): string {
  if (isUnsupported(a)) return t('unsupported', { type: a.type })
  const k = typeKey(a.type)
  return k ? t(`types.${k}`) : a.type
}

export function actionSummary(a: FlowAction, t: T, names: { list?: (id: string) => string | undefined } = {}): string {
  if (isUnsupported(a)) return ''
  // flowBuilder.summary.* keys
  const s = (key: string, values?: Record<string, string | number>) => t(`summary.${key}`, values)
  const d = (a.data ?? {}) as Record<string, unknown>
  const msg = (d.message ?? {}) as Record<string, unknown>
  switch (a.type) {
    case 'time-delay': {
      const v = Number(d.value ?? 0)
      const unit = String(d.unit ?? 'days')
      return s(`delay.${unit}`, { count: v })
    }
    case 'send-email':
      return String(msg.subject_line || msg.name || s('noSubject'))
    case 'send-sms':
    case 'send-mobile-push':
    case 'send-whatsapp':
      return String(msg.body || msg.name || s('noBody'))
    case 'send-webhook':
      return String(msg.url || s('noUrl'))
    case 'send-internal-alert':
    case 'send-review-request':
      return String(msg.subject_line || msg.name || s('noSubject'))
    case 'conditional-split':
    case 'trigger-split': {
      const f = (a.type === 'conditional-split' ? d.profile_filter : d.trigger_filter) as {
        condition_groups?: Array<{ conditions: unknown[] }>
      } | null
      const n = (f?.condition_groups ?? []).reduce((s, g) => s + g.conditions.length, 0)
      return s('conditions', { count: n })
    }
    case 'multi-branch-split':
      return s('branches', { count: a.data.branches.length })
    case 'update-profile':
      return s('operations', { count: a.data.profile_operations.length })
    case 'list-update': {
      const name = a.data.list_id ? (names.list?.(a.data.list_id) ?? a.data.list_id) : null
      return name ? s(a.data.on_execution === false ? 'removeFrom' : 'addTo', { list: name }) : s('noList')
    }
    case 'ab-test': {
      const vs = (d.current_experiment as { variations?: unknown[] } | null | undefined)?.variations
      return s('variations', { count: (d.main_action ? 1 : 0) + (Array.isArray(vs) ? vs.length : 0) })
    }
    default:
      return String(d.name ?? '')
  }
}

export function triggerTitle(tr: FlowTrigger | undefined, t: T): string {
  if (!tr) return t('trigger.none')
  if (isUnsupported(tr)) return t('unsupported', { type: tr.type })
  return t(
    `trigger.types.${tr.type === 'price-drop' ? 'priceDrop' : tr.type === 'low-inventory' ? 'lowInventory' : tr.type}`,
  )
}
