// /reviews/shopify/finalize: the last step of showing reviews on a Shopify store. Three checks,
// each with its state (the screen retries by reading them again): the shop is connected
// (lib/integrations), the onsite script has pinged from the store (the web-tracking install
// check), reviews are on (the is_reviews_enabled flag). Turning reviews on needs the first two;
// importing the reviews the shop already has (the CSV import) comes after, as the import screen
// is part of the reviews area.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { isFlagOn, setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { getConnectionByKey } from '@/lib/integrations/connections'
import { getInstallStatus } from '@/lib/growth/onsite/install-status'

export type CheckState = 'done' | 'todo' | 'failed'

export interface ShopifyFinalize {
  shopify: { state: CheckState; shop: string | null; error: string | null }
  script: { state: CheckState; origins: string[]; snippet: string }
  reviews: { state: CheckState }
  imported: { count: number }
  /** Every required check is done: reviews can be turned on (or are on). */
  ready: boolean
}

export async function getShopifyFinalize(companyId: number): Promise<ShopifyFinalize> {
  const [conn, install, enabled, count] = await Promise.all([
    getConnectionByKey(companyId, 'shopify'),
    getInstallStatus(companyId),
    isFlagOn(companyId, 'is_reviews_enabled'),
    db.review.count({ where: { companyId, importSourceId: { not: null } } }),
  ])
  const live = conn && conn.status !== 'disconnected' ? conn : null
  const shopify: ShopifyFinalize['shopify'] = {
    state: !live ? 'todo' : live.status === 'error' ? 'failed' : 'done',
    shop: live?.externalKey ?? null,
    error: live?.status === 'error' ? live.lastError : null,
  }
  const script: ShopifyFinalize['script'] = {
    state: install.installed ? 'done' : 'todo',
    origins: install.installs.map((i) => i.origin),
    snippet: install.snippet,
  }
  return {
    shopify,
    script,
    reviews: { state: enabled ? 'done' : 'todo' },
    imported: { count },
    ready: shopify.state === 'done' && script.state === 'done',
  }
}

/** Turns reviews on once the shop is connected and the script installed; a 409 says what is missing. */
export async function enableShopifyReviews(companyId: number): Promise<ShopifyFinalize> {
  const now = await getShopifyFinalize(companyId)
  if (now.shopify.state !== 'done')
    throw new AppError('not_ready', 409, 'Connect your Shopify store before turning reviews on.')
  if (now.script.state !== 'done')
    throw new AppError('not_ready', 409, 'Install the onsite script on your store before turning reviews on.')
  await setFeatureFlag(companyId, 'is_reviews_enabled', true)
  return getShopifyFinalize(companyId)
}
