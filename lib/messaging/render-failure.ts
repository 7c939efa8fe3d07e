// What a failed render means for a delivery. A template stopped by the time limit
// (lib/templates/render-limits.ts) may have been slowed by the machine, not by itself (a busy
// worker, a garbage-collection pause): it is retried with the usual backoff and fails only after
// MAX_ATTEMPTS. Any other render error (syntax, output or memory limit) is the template's and
// fails the send at once.
import { TemplateRenderError } from '@/lib/templates/template-types'
import type { DeliveryOutcome } from './record-outcome'

export function renderFailureOutcome(e: unknown): DeliveryOutcome {
  const error = e instanceof Error ? e.message : String(e)
  if (e instanceof TemplateRenderError && e.limit === 'time') return { kind: 'retry', error }
  return { kind: 'failed', reason: 'render_error', error }
}
