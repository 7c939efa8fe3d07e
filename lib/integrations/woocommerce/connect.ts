// Connecting a WooCommerce store (issue 21 §2): the store URL and a REST API consumer key and
// secret (read/write, so we can register webhooks), checked with GET /system_status before
// anything is stored; a refusal is a field error on the field at fault. The connection is saved
// with its credentials sealed and a generated webhook secret (kept on a reconnect, so webhooks
// already registered still verify), then the webhooks are registered; a registration problem
// does not undo the connection, it shows as the connection's last error.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { AppError, badRequest } from '@/lib/errors/app-error'
import {
  ConnectionTaken,
  connectionCredentials,
  getConnection,
  getConnectionByKey,
  saveConnection,
  updateConnection,
  type Connection,
} from '../connections'
import { createWooClient, WooApiError } from './rest-api'
import { registerWooWebhooks } from './register-webhooks'
import { storeOrigin, storeRoot } from './store-origin'

export const connectWooInput = z.object({
  storeUrl: z.string().trim().min(1, 'Enter your store URL.').max(2048),
  consumerKey: z.string().trim().min(1, 'Enter the consumer key.').max(255),
  consumerSecret: z.string().trim().min(1, 'Enter the consumer secret.').max(255),
})

interface SystemStatus {
  environment?: { site_url?: string; home_url?: string; version?: string }
  settings?: { currency?: string }
}

export async function checkWooKeys(store: string, consumerKey: string, consumerSecret: string): Promise<SystemStatus> {
  try {
    return await createWooClient({ store, consumerKey, consumerSecret, timeoutMs: 15_000 }).get<SystemStatus>(
      '/system_status',
    )
  } catch (e) {
    if (!(e instanceof WooApiError)) throw e
    if (e.kind === 'unauthorized')
      throw badRequest('WooCommerce refused the keys.', {
        consumerKey: [
          'WooCommerce refused this consumer key and secret. Create a REST API key with read/write access and copy both again.',
        ],
      })
    if (e.kind === 'not_found' || e.kind === 'network')
      throw badRequest('The store could not be reached.', {
        storeUrl: [`No WooCommerce REST API answered at ${store}.`],
      })
    throw new AppError('store_unavailable', 502, `WooCommerce could not be reached: ${e.message}`)
  }
}

export async function connectWooStore(companyId: number, userId: number | null, raw: unknown): Promise<Connection> {
  const input = connectWooInput.parse(raw)
  const typed = storeRoot(input.storeUrl)
  if (!typed)
    throw badRequest('Please correct the highlighted fields.', {
      storeUrl: ['Enter the store address, like https://shop.example.com.'],
    })
  const checked = await checkWooKeys(typed, input.consumerKey, input.consumerSecret)
  // Webhooks name the store by WordPress's home URL (X-WC-Webhook-Source), which may differ from
  // what was typed (www., http): the connection is keyed by the home URL's origin, or every
  // delivery would find no store.
  const store = storeOrigin(checked.environment?.home_url) ?? storeOrigin(typed)!
  const apiRoot = storeRoot(checked.environment?.home_url) ?? typed
  const status = checked
  const previous = await getConnectionByKey(companyId, 'woocommerce')
  const kept =
    previous && previous.externalKey === store
      ? (await connectionCredentials(companyId, previous.id))?.webhookSecret
      : null
  const webhookSecret = kept || randomBytes(32).toString('base64url')
  let conn: Connection
  try {
    conn = await saveConnection({
      companyId,
      key: 'woocommerce',
      externalKey: store,
      createdById: userId,
      credentials: { consumerKey: input.consumerKey, consumerSecret: input.consumerSecret, webhookSecret },
      settings: {
        storeUrl: apiRoot,
        currency: status.settings?.currency ?? null,
        wooVersion: status.environment?.version ?? null,
      },
    })
  } catch (e) {
    if (e instanceof ConnectionTaken)
      throw badRequest(e.message, { storeUrl: ['This store is connected to another account.'] })
    throw e
  }
  try {
    const r = await registerWooWebhooks(
      createWooClient({ store: apiRoot, consumerKey: input.consumerKey, consumerSecret: input.consumerSecret }),
      webhookSecret,
      !kept,
    )
    await updateConnection(companyId, conn.id, {
      webhooks: r.registered,
      ...(r.errors.length ? { lastError: `Webhooks not registered: ${r.errors.join('; ')}` } : {}),
    })
  } catch (e) {
    await updateConnection(companyId, conn.id, {
      lastError: `Webhooks not registered: ${e instanceof Error ? e.message : String(e)}`,
    })
  }
  return (await getConnection(companyId, conn.id))!
}
