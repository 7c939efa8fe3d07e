// The three things copied by the cross-account clone screens of templates, campaigns and lists
// (flows have their own, lib/flows/ajax/flows-clone.ts): what reading the source needs in the
// current account and what writing the copy needs in the target account.
export const CLONE_KINDS = ['template', 'campaign', 'list'] as const
export type CloneKind = (typeof CLONE_KINDS)[number]

export const READ_RESOURCE: Record<CloneKind, string> = {
  template: 'templates_read',
  campaign: 'campaigns_read',
  list: 'groups_read',
}
export const WRITE_RESOURCE: Record<CloneKind, string> = {
  template: 'templates_write',
  campaign: 'campaigns_write',
  list: 'groups_write',
}

/** What a copy may point at in the source account and must point at in the target. */
export type RefKind = 'list' | 'segment' | 'metric' | 'coupon'
export const refKey = (kind: RefKind, id: string) => `${kind}:${id}`

export const CLONE_JOB = 'portfolio.cross-account-clone'

/** The {kind} of a clone route: anything else is a 404, as an unknown path is. */
export function parseKind(raw: string | undefined, notFound: () => Error): CloneKind {
  if (!(CLONE_KINDS as readonly string[]).includes(raw ?? '')) throw notFound()
  return raw as CloneKind
}
