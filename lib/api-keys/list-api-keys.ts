// The company's active keys for the settings screen (never the hash), each with who made it:
// a key stops working when its maker leaves the account unless an owner takes it over.
import { db } from '@/lib/db/client'

export interface ApiKeySummary {
  id: number
  label: string
  prefix: string
  scopes: string[]
  createdAt: string
  lastUsedAt: string | null
  /** Who the key belongs to among the account's users; null for keys made before makers were kept. */
  createdBy: { id: number; name: string; email: string } | null
}

type Maker = { id: number; firstName: string; lastName: string; email: string }

export function summarizeApiKey(
  k: { id: number; label: string; prefix: string; scopes: string; createdAt: Date; lastUsedAt: Date | null },
  maker: Maker | null = null,
): ApiKeySummary {
  return {
    id: k.id,
    label: k.label,
    prefix: k.prefix,
    scopes: JSON.parse(k.scopes) as string[],
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    createdBy: maker && {
      id: maker.id,
      name: [maker.firstName, maker.lastName].filter(Boolean).join(' ') || maker.email,
      email: maker.email,
    },
  }
}

export async function listApiKeys(companyId: number): Promise<ApiKeySummary[]> {
  const rows = await db.apiKey.findMany({ where: { companyId, revokedAt: null }, orderBy: { id: 'desc' } })
  const makerIds = [...new Set(rows.map((r) => r.createdById).filter((id): id is number => id !== null))]
  // Only makers who are still members of this account are named (a user's other accounts stay private).
  const makers = makerIds.length
    ? await db.user.findMany({
        where: { id: { in: makerIds }, memberships: { some: { companyId } } },
        select: { id: true, firstName: true, lastName: true, email: true },
      })
    : []
  const byId = new Map(makers.map((m) => [m.id, m]))
  return rows.map((r) => summarizeApiKey(r, r.createdById === null ? null : (byId.get(r.createdById) ?? null)))
}
