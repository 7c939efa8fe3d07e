// One-use SSO values in SsoMessageId: the AuthnRequest ids node-saml checks InResponseTo against
// (its CacheProvider, per account), the relay states of our own flows, and the ids of accepted
// assertions (a second use fails on the unique key: replay).
import type { CacheProvider } from '@node-saml/node-saml'
import { db } from '@/lib/db/client'

export const REQUEST_TTL_MS = 10 * 60_000

export function requestIdCache(companyId: number, now = () => new Date()): CacheProvider {
  return {
    async saveAsync(key, value) {
      const at = now()
      await db.ssoMessageId.create({
        data: {
          companyId,
          kind: 'request',
          value: key,
          data: value,
          expiresAt: new Date(at.getTime() + REQUEST_TTL_MS),
        },
      })
      return { value, createdAt: at.getTime() }
    },
    async getAsync(key) {
      const row = await db.ssoMessageId.findFirst({
        where: { companyId, kind: 'request', value: key, expiresAt: { gt: now() } },
      })
      return row?.data ?? null
    },
    async removeAsync(key) {
      if (!key) return null
      const { count } = await db.ssoMessageId.deleteMany({ where: { companyId, kind: 'request', value: key } })
      return count ? key : null
    },
  }
}

/** Records an accepted assertion id; false when it was accepted before (a replay). */
export async function markAssertionUsed(companyId: number, assertionId: string, expiresAt: Date): Promise<boolean> {
  try {
    await db.ssoMessageId.create({ data: { companyId, kind: 'assertion', value: assertionId, expiresAt } })
    return true
  } catch (e) {
    if ((e as { code?: string }).code === 'P2002') return false
    throw e
  }
}

export async function saveRelay(companyId: number, relay: string, data: Record<string, unknown>, now = new Date()) {
  await db.ssoMessageId.create({
    data: {
      companyId,
      kind: 'relay',
      value: relay,
      data: JSON.stringify(data),
      expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
    },
  })
}

/** Takes a relay state (once): its account and data, or null when unknown, used or expired. */
export async function takeRelay(relay: string, now = new Date()) {
  const row = await db.ssoMessageId.findFirst({ where: { kind: 'relay', value: relay, expiresAt: { gt: now } } })
  if (!row) return null
  const { count } = await db.ssoMessageId.deleteMany({ where: { id: row.id } })
  if (!count) return null
  return { companyId: row.companyId, data: JSON.parse(row.data) as Record<string, unknown> }
}

/** Drops expired rows (called as flows start, so the table stays small without a job). */
export async function pruneSsoMessageIds(now = new Date()) {
  await db.ssoMessageId.deleteMany({ where: { expiresAt: { lt: now } } })
}
