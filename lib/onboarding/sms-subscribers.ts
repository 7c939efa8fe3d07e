// /get-started/sms-subscribers/{platform}: bring in the SMS subscribers a Shopify or WooCommerce
// store already has. Their consent comes with the customers of the store's historical sync
// (lib/integrations/*/sync, applied by commerce/store-consent.ts), so this starts that sync and
// counts the account's SMS subscribers as it runs.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { shopifyStatus } from '@/lib/integrations/shopify/shopify-status'
import { wooStatus } from '@/lib/integrations/woocommerce/woo-status'
import { startHistoricalSync } from '@/lib/integrations/shopify/sync/start-sync'
import { startWooSync } from '@/lib/integrations/woocommerce/sync/start-sync'
import { STORE_PLATFORMS, type StorePlatform } from './setup-steps'

export const isStorePlatform = (p: string): p is StorePlatform => (STORE_PLATFORMS as readonly string[]).includes(p)

export const smsImportBody = z.object({
  days: z.coerce
    .number('Give a whole number of days.')
    .int('Give a whole number of days.')
    .min(1, 'Use 1 to 3650 days.')
    .max(3650, 'Use 1 to 3650 days.')
    .default(365),
})

export async function smsSubscribersStatus(companyId: number, platform: StorePlatform) {
  const [store, subscribers] = await Promise.all([
    platform === 'shopify' ? shopifyStatus(companyId) : wooStatus(companyId),
    db.profileConsent.count({ where: { companyId, channel: 'sms', status: 'subscribed' } }),
  ])
  return { platform, store, subscribers }
}

export async function importSmsSubscribers(
  companyId: number,
  platform: StorePlatform,
  input: z.infer<typeof smsImportBody>,
) {
  if (!isStorePlatform(platform)) throw notFound('No such platform.')
  if (platform === 'shopify') await startHistoricalSync(companyId, { days: input.days })
  else await startWooSync(companyId, { days: input.days })
  return smsSubscribersStatus(companyId, platform)
}
