// The wizard's steps in order (shared by the server page, which checks the step, and the client screen).
export const STEPS = ['audience', 'content', 'ab-test', 'schedule', 'review'] as const
export type Step = (typeof STEPS)[number]

export function wizardHref(id: string, step: Step) {
  return `/campaign/${encodeURIComponent(id)}/wizard/${step}`
}
