// Our webhook subscriptions at the shop (issue 21 §1): every topic the webhook endpoint handles
// (./webhooks/topics.ts), pointed at APP_URL's /webhooks/shopify. Registered on connect and
// re-checked by a job that re-schedules itself, because subscriptions disappear (Shopify drops
// them after repeated failed deliveries, a merchant deletes them, the app URL changes).
import { appLink } from '@/lib/config/app-url'
import { enqueue } from '@/lib/jobs/queue'
import { connectionCredentials, getConnection, updateConnection, type WebhookRegistration } from '../connections'
import { createShopifyClient, userErrorsMessage, type ShopifyClient } from './admin-api'
import { SHOPIFY_TOPICS } from './webhooks/topics'

export const WEBHOOKS_CHECK_JOB = 'integrations.shopify.webhooks-check'
export const WEBHOOKS_CHECK_EVERY_MS = 6 * 3600_000

/** orders/create → ORDERS_CREATE (the GraphQL WebhookSubscriptionTopic enum). */
export const topicEnum = (topic: string) => topic.replace(/[/]/g, '_').toUpperCase()
export const webhookAddress = () => appLink('/webhooks/shopify')

const LIST = `query WebhookSubscriptions($first: Int!, $after: String) {
  webhookSubscriptions(first: $first, after: $after) { nodes { id topic uri } pageInfo { hasNextPage endCursor } }
}`
const CREATE = `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`

interface Sub {
  id: string
  topic: string
  uri: string
}

async function listSubscriptions(client: ShopifyClient): Promise<Sub[]> {
  const out: Sub[] = []
  let after: string | null = null
  for (;;) {
    const d: { webhookSubscriptions: { nodes: Sub[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } =
      await client.query(LIST, { first: 100, after })
    out.push(...d.webhookSubscriptions.nodes)
    if (!d.webhookSubscriptions.pageInfo.hasNextPage) return out
    after = d.webhookSubscriptions.pageInfo.endCursor
  }
}

export interface EnsureResult {
  registered: WebhookRegistration[]
  created: string[]
  errors: string[]
}

/** Creates the subscriptions that are missing at our address; returns all of ours. */
export async function ensureWebhooks(client: ShopifyClient): Promise<EnsureResult> {
  const address = webhookAddress()
  const existing = (await listSubscriptions(client)).filter((s) => s.uri === address)
  const have = new Set(existing.map((s) => s.topic))
  const registered: WebhookRegistration[] = SHOPIFY_TOPICS.flatMap((t) => {
    const s = existing.find((x) => x.topic === topicEnum(t))
    return s ? [{ topic: t, id: s.id, address }] : []
  })
  const created: string[] = []
  const errors: string[] = []
  for (const topic of SHOPIFY_TOPICS) {
    if (have.has(topicEnum(topic))) continue
    const d = await client.query<{
      webhookSubscriptionCreate: {
        webhookSubscription: Sub | null
        userErrors: Array<{ field: string[]; message: string }>
      }
    }>(CREATE, { topic: topicEnum(topic), webhookSubscription: { uri: address, format: 'JSON' } })
    const sub = d.webhookSubscriptionCreate.webhookSubscription
    if (sub) {
      registered.push({ topic, id: sub.id, address })
      created.push(topic)
    } else errors.push(`${topic}: ${userErrorsMessage(d.webhookSubscriptionCreate.userErrors) ?? 'not created'}`)
  }
  return { registered, created, errors }
}

/** Checks the connection's subscriptions now and stores the result (lastError names what failed). */
export async function refreshConnectionWebhooks(
  companyId: number,
  integrationId: string,
): Promise<EnsureResult | null> {
  const conn = await getConnection(companyId, integrationId)
  const creds = await connectionCredentials(companyId, integrationId)
  if (!conn || conn.status === 'disconnected' || !conn.externalKey || !creds?.accessToken) return null
  const client = createShopifyClient({ shop: conn.externalKey, accessToken: creds.accessToken })
  try {
    const r = await ensureWebhooks(client)
    await updateConnection(companyId, integrationId, {
      webhooks: r.registered,
      ...(r.errors.length ? { lastError: `Webhooks not registered: ${r.errors.join('; ')}` } : {}),
    })
    return r
  } catch (e) {
    await updateConnection(companyId, integrationId, {
      lastError: `Webhook check failed: ${e instanceof Error ? e.message : String(e)}`,
    })
    throw e
  }
}

/** The next check of this connection (one per slot: re-scheduling twice adds nothing). */
export async function scheduleWebhooksCheck(
  companyId: number,
  integrationId: string,
  now = new Date(),
): Promise<number> {
  const slot = Math.floor(now.getTime() / WEBHOOKS_CHECK_EVERY_MS) + 1
  return enqueue(
    WEBHOOKS_CHECK_JOB,
    { companyId, integrationId },
    {
      companyId,
      runAt: new Date(slot * WEBHOOKS_CHECK_EVERY_MS),
      idempotencyKey: `shopify-webhooks:${integrationId}:${slot}`,
      maxAttempts: 3,
    },
  )
}

export async function runWebhooksCheck(p: { companyId: number; integrationId: string }): Promise<void> {
  const conn = await getConnection(p.companyId, p.integrationId)
  if (!conn || conn.status === 'disconnected') return
  // Scheduled first: a failing check still leaves the next one in place.
  await scheduleWebhooksCheck(p.companyId, p.integrationId)
  await refreshConnectionWebhooks(p.companyId, p.integrationId)
}
