// The Shopify connection a webhook names (X-Shopify-Shop-Domain) and its webhook secret, from the
// sealed credentials (lib/crypto/secret-box.ts, purpose 'integration-credentials', field
// webhookSecret; the client secret when no separate one was stored, since Shopify signs with it).
import { openSecret } from '@/lib/crypto/secret-box'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'

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

// Opening the sealed credentials (HKDF + AES-GCM) on every webhook is wasted work: the secret is
// kept per sealed value, so a reconnect (new credentials) is seen at once.
const opened = new Map<string, string | null>()

function webhookSecret(sealed: string): string | null {
  if (opened.has(sealed)) return opened.get(sealed)!
  let secret: string | null = null
  try {
    const creds = JSON.parse(openSecret(sealed, INTEGRATION_CREDENTIALS) ?? '{}') as Record<string, unknown>
    const s = creds.webhookSecret || creds.clientSecret
    secret = typeof s === 'string' && s ? s : null
  } catch {}
  if (opened.size > 1000) opened.clear()
  opened.set(sealed, secret)
  return secret
}

export async function findShopConnection(shopHeader: string | null): Promise<ShopConnection | null> {
  const shop = normalizeShopDomain(shopHeader)
  if (!shop) return null
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Integration')
        .select(['id', 'companyId', 'status', 'credentials'])
        .where('key', '=', 'shopify')
        .where('externalKey', '=', shop),
    ),
  )
  if (!row) return null
  const secret = webhookSecret(String(row.credentials))
  return secret ? { id: String(row.id), companyId: Number(row.companyId), status: String(row.status), secret } : null
}
