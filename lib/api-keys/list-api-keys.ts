// The company's active keys for the settings screen (never the hash).
import { db } from '@/lib/db/client'

export interface ApiKeySummary {
  id: number
  label: string
  prefix: string
  scopes: string[]
  createdAt: string
  lastUsedAt: string | null
}

export function summarizeApiKey(k: { id: number; label: string; prefix: string; scopes: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeySummary {
  return {
    id: k.id,
    label: k.label,
    prefix: k.prefix,
    scopes: JSON.parse(k.scopes) as string[],
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  }
}

export async function listApiKeys(companyId: number): Promise<ApiKeySummary[]> {
  const rows = await db.apiKey.findMany({ where: { companyId, revokedAt: null }, orderBy: { id: 'desc' } })
  return rows.map(summarizeApiKey)
}
