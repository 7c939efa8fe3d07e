// What the api-keys calls answer (camelCased by the http module).
export interface ApiKeyRow {
  id: number
  label: string
  prefix: string
  /** Empty: full access. */
  scopes: string[]
  createdAt: string
  lastUsedAt: string | null
  /** The user the key belongs to; it stops working when they leave unless an owner takes it over. */
  createdBy: { id: number; name: string; email: string } | null
}

export interface ScopeFamily {
  family: string
  scopes: string[]
}
