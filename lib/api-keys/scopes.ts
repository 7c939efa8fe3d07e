// The scope catalogue for private API keys: one family per public API resource, each with
// read and write access as the reference's endpoints require them. An empty list on a key
// means full access.
export const SCOPE_FAMILIES = [
  'accounts',
  'campaigns',
  'catalogs',
  'coupon-codes',
  'coupons',
  'custom-objects',
  'data-privacy',
  'events',
  'flows',
  'forms',
  'images',
  'lists',
  'metrics',
  'profiles',
  'push-tokens',
  'reviews',
  'segments',
  'subscriptions',
  'tags',
  'templates',
  'tracking-settings',
  'web-feeds',
  'webhooks',
] as const
export type ScopeFamily = (typeof SCOPE_FAMILIES)[number]

export const API_SCOPES = SCOPE_FAMILIES.flatMap((f) => [`${f}:read`, `${f}:write`] as const)
export type ApiScope = `${ScopeFamily}:${'read' | 'write'}`

/** Whether a key's scopes grant every scope an endpoint needs (empty = full access). */
export function hasScopes(keyScopes: readonly string[], needed: readonly string[]): boolean {
  if (keyScopes.length === 0) return true
  return needed.every((s) => keyScopes.includes(s))
}

/** The catalogue as the settings screen shows it: a family and its levels. */
export function scopeCatalogue() {
  return SCOPE_FAMILIES.map((family) => ({ family, scopes: [`${family}:read`, `${family}:write`] }))
}
