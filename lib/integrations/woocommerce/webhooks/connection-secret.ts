// The WooCommerce connection a webhook names (the origin of X-WC-Webhook-Source) and its webhook
// secret from the sealed credentials (purpose 'integration-credentials', field webhookSecret).
import { openSecret } from '@/lib/crypto/secret-box'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { INTEGRATION_CREDENTIALS } from '../../connections'
import { storeOrigin } from '../store-origin'

export interface StoreConnection {
  id: string
  companyId: number
  secret: string
}

// Opening the sealed credentials (HKDF + AES-GCM) on every webhook is wasted work: kept per sealed
// value, so a reconnect (new credentials) is seen at once.
const opened = new Map<string, string | null>()

function webhookSecret(sealed: string): string | null {
  if (opened.has(sealed)) return opened.get(sealed)!
  let secret: string | null = null
  try {
    const s = (JSON.parse(openSecret(sealed, INTEGRATION_CREDENTIALS) ?? '{}') as Record<string, unknown>).webhookSecret
    secret = typeof s === 'string' && s ? s : null
  } catch {}
  if (opened.size > 1000) opened.clear()
  opened.set(sealed, secret)
  return secret
}

export async function findStoreConnection(sourceHeader: string | null): Promise<StoreConnection | null> {
  const origin = storeOrigin(sourceHeader)
  if (!origin) return null
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Integration')
        .select(['id', 'companyId', 'credentials'])
        .where('key', '=', 'woocommerce')
        .where('externalKey', '=', origin),
    ),
  )
  if (!row) return null
  const secret = webhookSecret(String(row.credentials))
  return secret ? { id: String(row.id), companyId: Number(row.companyId), secret } : null
}
