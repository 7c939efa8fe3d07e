// Connecting a shop (issue 21 §1): the merchant's custom app gives an Admin API access token and
// the app's client secret (Shopify signs webhooks with it). The token is checked with a `shop`
// query before anything is stored; a refusal is a field error on the field at fault. Then the
// connection is saved (credentials sealed) and the webhooks registered; a registration problem
// does not undo the connection, it shows as the connection's last error and the periodic check
// tries again.
import { z } from 'zod'
import { badRequest, AppError } from '@/lib/errors/app-error'
import { saveConnection, ConnectionTaken, getConnection, type Connection } from '../connections'
import { createShopifyClient, ShopifyApiError } from './admin-api'
import { parseShopDomain } from './shop-domain'
import { refreshConnectionWebhooks, scheduleWebhooksCheck } from './webhook-registrations'

export const connectShopInput = z.object({
  shop: z.string().trim().min(1, 'Enter your shop domain.').max(255),
  accessToken: z.string().trim().min(1, 'Enter the Admin API access token.').max(255),
  clientSecret: z.string().trim().min(1, "Enter the app's client secret.").max(255),
})
export type ConnectShopInput = z.infer<typeof connectShopInput>

const SHOP_QUERY = `query { shop { id name myshopifyDomain primaryDomain { url } currencyCode } }`

export interface ShopInfo {
  name: string
  myshopifyDomain: string
  primaryDomain?: { url: string } | null
  currencyCode?: string
}

/** The shop behind a token, or the field error that explains why not. */
export async function checkShopToken(shop: string, accessToken: string): Promise<ShopInfo> {
  try {
    const d = await createShopifyClient({ shop, accessToken, timeoutMs: 15_000, maxThrottleRetries: 2 }).query<{
      shop: ShopInfo
    }>(SHOP_QUERY)
    return d.shop
  } catch (e) {
    if (!(e instanceof ShopifyApiError)) throw e
    if (e.kind === 'unauthorized')
      throw badRequest('Shopify refused the access token.', {
        accessToken: ['Shopify refused this access token. Copy the Admin API access token of your custom app again.'],
      })
    if (e.kind === 'not_found' || e.kind === 'network')
      throw badRequest('The shop could not be reached.', { shop: [`No Shopify shop answered at ${shop}.`] })
    throw new AppError('shop_unavailable', 502, `Shopify could not be reached: ${e.message}`)
  }
}

export async function connectShop(companyId: number, userId: number | null, raw: unknown): Promise<Connection> {
  const input = connectShopInput.parse(raw)
  const shop = parseShopDomain(input.shop)
  if (!shop)
    throw badRequest('Please correct the highlighted fields.', {
      shop: ['Enter the shop domain, like my-shop.myshopify.com.'],
    })
  const info = await checkShopToken(shop, input.accessToken)
  let conn: Connection
  try {
    conn = await saveConnection({
      companyId,
      key: 'shopify',
      externalKey: shop,
      createdById: userId,
      credentials: {
        accessToken: input.accessToken,
        clientSecret: input.clientSecret,
        webhookSecret: input.clientSecret,
      },
      settings: { shopName: info.name, storeUrl: info.primaryDomain?.url ?? `https://${shop}` },
    })
  } catch (e) {
    if (e instanceof ConnectionTaken) throw badRequest(e.message, { shop: [e.message] })
    throw e
  }
  await refreshConnectionWebhooks(companyId, conn.id).catch(() => null)
  await scheduleWebhooksCheck(companyId, conn.id)
  return (await getConnection(companyId, conn.id))!
}
