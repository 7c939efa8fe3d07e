// Resolves a raw "pk_…" key to its company and scopes. Lookups are cached briefly so the
// event ingestion hot path does not read the key row on every request; revoking clears the
// cache, and lastUsedAt is written at most once a minute per key.
import { db } from '@/lib/db/client'
import { hashApiKey } from './hash-key'

export interface ApiKeyIdentity {
  id: number
  companyId: number
  scopes: string[]
}

const CACHE_MS = 5_000
const TOUCH_MS = 60_000
const cache = new Map<string, { at: number; identity: ApiKeyIdentity | null }>()
const touchedAt = new Map<number, number>()

export function forgetCachedKeys(): void {
  cache.clear()
}

export async function authenticateApiKey(rawKey: string, now = Date.now()): Promise<ApiKeyIdentity | null> {
  if (!/^pk_[A-Za-z0-9]{6,64}$/.test(rawKey)) return null
  const hash = hashApiKey(rawKey)
  const hit = cache.get(hash)
  let identity: ApiKeyIdentity | null
  if (hit && now - hit.at < CACHE_MS) {
    identity = hit.identity
  } else {
    const row = await db.apiKey.findUnique({ where: { keyHash: hash } })
    identity =
      row && !row.revokedAt
        ? { id: row.id, companyId: row.companyId, scopes: JSON.parse(row.scopes) as string[] }
        : null
    if (row && !row.revokedAt && row.lastUsedAt)
      touchedAt.set(row.id, Math.max(touchedAt.get(row.id) ?? 0, row.lastUsedAt.getTime()))
    if (cache.size > 10_000) cache.clear()
    cache.set(hash, { at: now, identity })
  }
  if (identity && now - (touchedAt.get(identity.id) ?? 0) >= TOUCH_MS) {
    touchedAt.set(identity.id, now)
    // Best effort: a busy database must not fail the request the key is authorising.
    await db.apiKey
      .update({ where: { id: identity.id }, data: { lastUsedAt: new Date(now) } })
      .catch(() => touchedAt.delete(identity!.id))
  }
  return identity
}
