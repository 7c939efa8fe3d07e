// The kinds of onsite form activity the script beacons (FormActivity.kind), in funnel order.
export const ACTIVITY_KINDS = [
  'qualified_form',
  'viewed_form',
  'viewed_form_step',
  'submitted_form_step',
  'submits',
  'closed_form',
] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

/** The kinds that name a step (0-based index). */
export const STEP_KINDS: readonly ActivityKind[] = ['viewed_form_step', 'submitted_form_step']
