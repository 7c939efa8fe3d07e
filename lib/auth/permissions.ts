// The permission check of seed 000 §5: every required resource; and, when partial resources
// are given, at least one of them, or (as groups) every resource of at least one group.
export type PartialResources = readonly string[] | { groups: readonly (readonly string[])[] }

export interface AccessRule {
  required?: readonly string[]
  partial?: PartialResources
}

export function hasPermission(held: Iterable<string>, rule: AccessRule): boolean {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held)
  if (rule.required?.some((r) => !set.has(r))) return false
  const partial = rule.partial
  if (!partial) return true
  if (Array.isArray(partial)) return partial.length === 0 || partial.some((r) => set.has(r))
  const groups = (partial as { groups: readonly (readonly string[])[] }).groups
  return groups.length === 0 || groups.some((g) => g.every((r) => set.has(r)))
}

/** Staff permission: all required staff resources must be held. */
export function hasStaffPermission(staffResources: Iterable<string>, required: readonly string[] = []): boolean {
  const set = new Set(staffResources)
  return required.every((r) => set.has(r))
}
