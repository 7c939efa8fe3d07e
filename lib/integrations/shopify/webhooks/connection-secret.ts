// The Shopify connection a webhook names (X-Shopify-Shop-Domain) and its webhook secret, from the
// sealed credentials (lib/crypto/secret-box.ts, purpose 'integration-credentials', field
// webhookSecret; the client secret when no separate one was stored, since Shopify signs with it).
import { openSecret } from '@/lib/crypto/secret-box'
import { db } from '@/lib/db/client'

export const INTEGRATION_CREDENTIALS = 'integration-credentials'

export interface ShopConnection {
  id: string
  companyId: number
  status: string
  secret: string
}

export function normalizeShopDomain(v: string | null): string | null {
  const s = v?.trim().toLowerCase()
  return s && /^[a-z0-9][a-z0-9.-]{0,253}$/.test(s) ? s : null
}

export async function findShopConnection(shopHeader: string | null): Promise<ShopConnection | null> {
  const shop = normalizeShopDomain(shopHeader)
  if (!shop) return null
  const row = await db.integration.findFirst({
    where: { key: 'shopify', externalKey: shop },
    select: { id: true, companyId: true, status: true, credentials: true },
  })
  if (!row) return null
  const opened = openSecret(row.credentials, INTEGRATION_CREDENTIALS)
  let secret: unknown = null
  try {
    const creds = opened ? (JSON.parse(opened) as Record<string, unknown>) : {}
    secret = creds.webhookSecret || creds.clientSecret
  } catch {}
  return typeof secret === 'string' && secret ? { id: row.id, companyId: row.companyId, status: row.status, secret } : null
}
