// Every action type → its executor. The switch ends with an exhaustive check, so a new action
// type in lib/flows/definition.ts does not compile until it is given one here. Kinds the engine
// cannot run (unknown to us, or not built) return null: the engine fails the step with the
// reason and the run exits 'unsupported_action'. Some types also have a set-based executor for
// many runs at once (batchExecutorFor); the others run one run after another in the batch.
import type { FlowActionType } from '@/lib/flows/definition'
import type { ActionExecutor, BatchActionExecutor } from './types'
import { nextOf } from './types'
import { countdownDelayExecutor, targetDateExecutor, timeDelayExecutor } from './actions/delays'
import { conditionalSplitExecutor, multiBranchSplitExecutor, triggerSplitExecutor } from './actions/splits'
import { sendMessageBatchExecutor, sendMessageExecutor } from './actions/send-message'
import { experimentExecutor } from './actions/experiments'
import { sendWebhookExecutor } from './actions/send-webhook'
import { sendInternalAlertExecutor } from './actions/send-internal-alert'
import { updateProfileBatchExecutor, updateProfileExecutor } from './actions/update-profile'
import { listUpdateExecutor } from './actions/list-update'
import { codeExecutor } from './actions/code'
import { actionOutputSplitExecutor } from '@/lib/flows/sandbox/action-output-split'
import { registeredExecutor } from './registered-executors'

const internalServiceExecutor: ActionExecutor = function* (ctx) {
  return {
    kind: 'next',
    next: nextOf(ctx.action),
    status: 'skipped',
    outcome: 'internal_service',
    detail: { reason: 'Internal services run in the vendor only: skipped.' },
  }
}

function known(type: FlowActionType): ActionExecutor | { unsupported: string } {
  switch (type) {
    case 'time-delay':
      return timeDelayExecutor
    case 'target-date':
      return targetDateExecutor
    case 'countdown-delay':
      return countdownDelayExecutor
    case 'back-in-stock-delay':
      // The catalog's wait (lib/catalog/back-in-stock/delay.ts), registered by lib/server/consumers.ts.
      return registeredExecutor(type)
    case 'conditional-split':
      return conditionalSplitExecutor
    case 'trigger-split':
      return triggerSplitExecutor
    case 'multi-branch-split':
      return multiBranchSplitExecutor
    case 'ab-test':
    case 'content-experiment':
      return experimentExecutor
    case 'send-email':
    case 'send-sms':
    case 'send-mobile-push':
    case 'send-whatsapp':
      return sendMessageExecutor
    case 'send-webhook':
      return sendWebhookExecutor
    case 'send-internal-alert':
      return sendInternalAlertExecutor
    case 'update-profile':
      return updateProfileExecutor
    case 'list-update':
      return listUpdateExecutor
    case 'code':
      return codeExecutor
    case 'internal-service':
      return internalServiceExecutor
    case 'action-output-split':
      return actionOutputSplitExecutor
    case 'send-review-request':
      return registeredExecutor(type)
    default: {
      const never: never = type
      return { unsupported: `Unknown action type '${String(never)}'.` }
    }
  }
}

/** The executor of an action type, or why there is none. */
export function executorFor(type: string, unsupported: boolean): ActionExecutor | { unsupported: string } {
  if (unsupported) return { unsupported: `The action type '${type}' is not supported.` }
  return known(type as FlowActionType)
}

/** The set-based executor of an action type, when it has one (message sends: one multi-row insert; profile updates: one read). */
export function batchExecutorFor(type: string): BatchActionExecutor | null {
  switch (type) {
    case 'send-email':
    case 'send-sms':
    case 'send-mobile-push':
    case 'send-whatsapp':
      return sendMessageBatchExecutor
    case 'update-profile':
      return updateProfileBatchExecutor
    default:
      return null
  }
}
