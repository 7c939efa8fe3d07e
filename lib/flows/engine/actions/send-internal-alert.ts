// Executor of the 'send-internal-alert' action: a placeholder until its real executor lands (issue 9). It fails
// the step with a clear reason and moves on along the path, so a flow never stalls on it.
import type { ActionExecutor } from '../types'
import { nextOf } from '../types'

export const sendInternalAlertExecutor: ActionExecutor = function* (ctx) {
  return { kind: 'next', next: nextOf(ctx.action), status: 'failed', outcome: 'not-built', detail: { reason: "The 'send-internal-alert' action is not built yet." } }
}
