// Stands in for the forms module (onsite/src/forms/, issue 20 F2b) while it is absent, so the
// core builds on its own; scripts/build-onsite.mjs swaps in the real one when it exists.
import type { OnsiteContext } from './types'

export function startForms(ctx: OnsiteContext): { openForm(formId: string): void } {
  void ctx
  return { openForm() {} }
}

export function startPreview(ctx: OnsiteContext): void {
  void ctx
}
