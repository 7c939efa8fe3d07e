// This browser's history with each form (closed at, submitted at), for the frequency rules.
import type { FormHistory } from '../../../lib/forms/targeting/types'
import type { OnsiteContext } from '../types'

const key = (formId: string) => `kl_form_${formId}`

export function readHistory(ctx: OnsiteContext, formId: string): FormHistory {
  try {
    const v = JSON.parse(ctx.storage.get(key(formId)) ?? '{}') as { c?: number; s?: number }
    return {
      ...(typeof v.c === 'number' ? { closedAt: v.c } : {}),
      ...(typeof v.s === 'number' ? { submittedAt: v.s } : {}),
    }
  } catch {
    return {}
  }
}

export function recordHistory(ctx: OnsiteContext, formId: string, what: 'closed' | 'submitted'): void {
  const h = readHistory(ctx, formId)
  const next = { c: h.closedAt, s: h.submittedAt, [what === 'closed' ? 'c' : 's']: ctx.now() }
  ctx.storage.set(key(formId), JSON.stringify(next))
}
