// A variable product's variations (GET /products/{id}/variations, paged): the product payload of
// a webhook or a sync page names them by id only, and back in stock and price drop need each one.
import { connectionCredentials } from '../connections'
import { createWooClient, type WooClient } from './rest-api'

export const isVariable = (payload: unknown) => (payload as { type?: unknown } | null)?.type === 'variable'

export async function fetchVariations(client: WooClient, productId: string): Promise<unknown[]> {
  const out: unknown[] = []
  for (let page = 1; page <= 50; page++) {
    const p = await client.page<unknown>(`/products/${encodeURIComponent(productId)}/variations`, {
      page,
      per_page: 100,
    })
    out.push(...p.items)
    if (!p.items.length || (p.totalPages != null ? page >= p.totalPages : p.items.length < 100)) break
  }
  return out
}

/** The connection's REST client, or null when it holds no keys (the demo store). */
export async function clientFor(
  companyId: number,
  integrationId: string,
  root: string | null,
): Promise<WooClient | null> {
  const creds = await connectionCredentials(companyId, integrationId)
  if (!root || !creds?.consumerKey || !creds.consumerSecret) return null
  return createWooClient({ store: root, consumerKey: creds.consumerKey, consumerSecret: creds.consumerSecret })
}
