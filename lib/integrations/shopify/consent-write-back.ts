// Two-way consent (issue 21 §1): a profile who unsubscribes from email in the product is
// unsubscribed in the shop too (the customer's email marketing consent), when the company's
// Shopify connection has writeBackConsent on (the default). The job is queued in the
// unsubscribe's own transaction (queueConsentWriteBackOps), so it exists exactly when the
// unsubscribe committed, and runs later with retries: Shopify being down never holds up or
// fails an unsubscribe. Consent that came from the store is applied by the commerce ingest
// through another path, so nothing echoes back.
import { kysely } from '@/lib/db/kysely'
import { savepoint, select, type Ops } from '@/lib/db/ops'
import { db } from '@/lib/db/client'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import type { UnsubscribeConsumer } from '@/lib/messaging/unsubscribe/unsubscribe-consumers'
import { connectionCredentials, getConnection } from '../connections'
import { createShopifyClient, userErrorsMessage, type ShopifyClient } from './admin-api'

export const CONSENT_WRITE_BACK_JOB = 'integrations.shopify.consent-write-back'
export const CONSENT_WRITE_BACK_ATTEMPTS = 8

export interface ConsentWriteBackPayload {
  companyId: number
  integrationId: string
  profileId: string
  /** When the profile unsubscribed (Shopify's consentUpdatedAt). */
  at: string
}

/** Queues the write-back for each Shopify connection of the company that wants it. */
export function* queueConsentWriteBackOps(companyId: number, profileId: string, now: Date): Ops<number> {
  const rows = yield* select(
    kysely()
      .selectFrom('Integration')
      .select(['id', 'settings'])
      .where('companyId', '=', companyId)
      .where('key', '=', 'shopify')
      .where('status', '!=', 'disconnected'),
  )
  let n = 0
  for (const r of rows) {
    let on = true
    try {
      on = (JSON.parse(String(r.settings)) as { writeBackConsent?: unknown }).writeBackConsent !== false
    } catch {}
    if (!on) continue
    const payload: ConsentWriteBackPayload = {
      companyId,
      integrationId: String(r.id),
      profileId,
      at: now.toISOString(),
    }
    // Never the reason an unsubscribe fails: should the queue be unusable (PostgreSQL before its
    // schema was installed), the unsubscribe commits and the write-back is reported as lost.
    const queued = yield* savepoint(
      function* () {
        yield* enqueueJobOps(
          CONSENT_WRITE_BACK_JOB,
          payload,
          { companyId, maxAttempts: CONSENT_WRITE_BACK_ATTEMPTS },
          now,
        )
        return true
      },
      (e) => {
        console.error(
          `[shopify] consent write-back for profile ${profileId} not queued: ${e instanceof Error ? e.message : String(e)}`,
        )
        return false
      },
    )
    if (queued) n++
  }
  return n
}

/** Registered at start-up (lib/server/consumers.ts): the unsubscribe never imports the shop. */
export const consentWriteBackConsumer: UnsubscribeConsumer = {
  name: 'shopify consent write-back',
  emailUnsubscribed: queueConsentWriteBackOps,
}

const FIND = `query FindCustomer($query: String!) { customers(first: 1, query: $query) { nodes { id email } } }`
const UPDATE = `mutation ConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {
  customerEmailMarketingConsentUpdate(input: $input) {
    customer { id emailMarketingConsent { marketingState consentUpdatedAt } }
    userErrors { field message }
  }
}`

export type WriteBackOutcome = 'updated' | 'no_customer' | 'no_email' | 'skipped'

/** The job: finds the shop's customer by the profile's email and unsubscribes them. Throws to retry. */
export async function writeBackConsent(p: ConsentWriteBackPayload, client?: ShopifyClient): Promise<WriteBackOutcome> {
  const conn = await getConnection(p.companyId, p.integrationId)
  if (!conn || conn.status === 'disconnected' || conn.settings.writeBackConsent === false || !conn.externalKey)
    return 'skipped'
  // Still unsubscribed? A resubscribe before the job ran must not be overwritten in the shop.
  const consent = await db.profileConsent.findFirst({
    where: { companyId: p.companyId, profileId: p.profileId, channel: 'email_marketing' },
    select: { status: true },
  })
  if (consent && consent.status !== 'unsubscribed') return 'skipped'
  const profile = await db.profile.findFirst({
    where: { companyId: p.companyId, id: p.profileId },
    select: { email: true },
  })
  if (!profile?.email) return 'no_email'
  const creds = await connectionCredentials(p.companyId, p.integrationId)
  if (!creds?.accessToken) return 'skipped'
  const api = client ?? createShopifyClient({ shop: conn.externalKey, accessToken: creds.accessToken })
  const found = await api.query<{ customers: { nodes: Array<{ id: string }> } }>(FIND, {
    query: `email:'${profile.email.replace(/'/g, "\\'")}'`,
  })
  const customerId = found.customers.nodes[0]?.id
  if (!customerId) return 'no_customer'
  const d = await api.query<{
    customerEmailMarketingConsentUpdate: { userErrors: Array<{ field: string[]; message: string }> }
  }>(UPDATE, {
    input: {
      customerId,
      emailMarketingConsent: {
        marketingState: 'UNSUBSCRIBED',
        marketingOptInLevel: 'SINGLE_OPT_IN',
        consentUpdatedAt: p.at,
      },
    },
  })
  const err = userErrorsMessage(d.customerEmailMarketingConsentUpdate.userErrors)
  if (err) throw new Error(`Shopify refused the consent update: ${err}`)
  return 'updated'
}
