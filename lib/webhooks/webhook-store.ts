// Outbound webhooks of a company: create, read, update, delete. The signing secret is sealed at
// rest (lib/crypto/secret-box.ts) and shown once, when it is set; topics are rows of
// WebhookTopicSubscription so an event finds its webhooks by index. Every query is scoped by
// companyId. Used by /api/webhooks and the /ajax/webhooks screens.
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { shortId } from '@/lib/ids/make-id'
import { openSecret, sealSecret } from '@/lib/crypto/secret-box'
import { endpointUrlProblem } from './endpoint-url'
import { isWebhookTopic } from './topics'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'

export const SECRET_PURPOSE = 'webhook-secret'
export const MAX_WEBHOOKS_PER_COMPANY = 50

export interface WebhookView {
  id: string
  name: string
  description: string | null
  endpointUrl: string
  enabled: boolean
  topics: string[]
  createdAt: Date
  updatedAt: Date
}

export interface WebhookInput {
  name?: string
  description?: string | null
  endpointUrl?: string
  secretKey?: string
  enabled?: boolean
  topics?: string[]
}

/** A random secret for the screens' "generate" button. */
export const generateWebhookSecret = () => 'whsec_' + randomBytes(24).toString('base64url')

function validate(input: WebhookInput, creating: boolean): void {
  const errors: Record<string, string[]> = {}
  const add = (f: string, m: string) => (errors[f] ??= []).push(m)
  if (creating || input.name !== undefined) {
    if (!input.name?.trim()) add('name', 'A name is required.')
    else if (input.name.length > 255) add('name', 'The name is at most 255 characters.')
  }
  if (input.description && input.description.length > 1000)
    add('description', 'The description is at most 1000 characters.')
  if (creating || input.endpointUrl !== undefined) {
    const problem = input.endpointUrl ? endpointUrlProblem(input.endpointUrl) : 'An endpoint URL is required.'
    if (problem) add('endpoint_url', problem)
    else if (input.endpointUrl!.length > 2048) add('endpoint_url', 'The endpoint URL is at most 2048 characters.')
  }
  if (creating || input.secretKey !== undefined) {
    if (!input.secretKey || input.secretKey.length < 16)
      add('secret_key', 'The secret key must be at least 16 characters.')
    else if (input.secretKey.length > 255) add('secret_key', 'The secret key is at most 255 characters.')
  }
  if (creating && !input.topics?.length) add('webhook-topics', 'Choose at least one topic.')
  for (const t of input.topics ?? []) if (!isWebhookTopic(t)) add('webhook-topics', `"${t}" is not a webhook topic.`)
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors)
}

type Row = {
  id: string
  name: string
  description: string | null
  endpointUrl: string
  enabled: boolean
  createdAt: Date
  updatedAt: Date
}

async function withTopics(companyId: number, rows: Row[]): Promise<WebhookView[]> {
  if (!rows.length) return []
  const subs = await db.webhookTopicSubscription.findMany({
    where: { companyId, webhookId: { in: rows.map((r) => r.id) } },
    orderBy: { topic: 'asc' },
  })
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    endpointUrl: r.endpointUrl,
    enabled: r.enabled,
    topics: subs.filter((s) => s.webhookId === r.id).map((s) => s.topic),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }))
}

const SELECT = {
  id: true,
  name: true,
  description: true,
  endpointUrl: true,
  enabled: true,
  createdAt: true,
  updatedAt: true,
} as const

export async function listWebhooks(companyId: number): Promise<WebhookView[]> {
  return withTopics(
    companyId,
    await db.webhook.findMany({ where: { companyId }, select: SELECT, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  )
}

export async function getWebhook(companyId: number, id: string): Promise<WebhookView | null> {
  const row = await db.webhook.findFirst({ where: { companyId, id }, select: SELECT })
  return row ? (await withTopics(companyId, [row]))[0]! : null
}

export async function createWebhook(companyId: number, input: WebhookInput): Promise<WebhookView> {
  validate(input, true)
  if ((await db.webhook.count({ where: { companyId } })) >= MAX_WEBHOOKS_PER_COMPANY) {
    throw badRequest(`An account can have at most ${MAX_WEBHOOKS_PER_COMPANY} webhooks.`)
  }
  const id = shortId(8)
  // Deliveries are enqueued inside event transactions: make sure the queue's schema exists
  // (PostgreSQL) before the first event can find this webhook.
  await prepareEnqueueInTransaction()
  await db.$transaction([
    db.webhook.create({
      data: {
        id,
        companyId,
        name: input.name!.trim(),
        description: input.description?.trim() || null,
        endpointUrl: input.endpointUrl!,
        secretSealed: sealSecret(input.secretKey!, SECRET_PURPOSE),
        enabled: input.enabled ?? true,
      },
    }),
    db.webhookTopicSubscription.createMany({
      data: [...new Set(input.topics)].map((topic) => ({ companyId, webhookId: id, topic })),
    }),
  ])
  return (await getWebhook(companyId, id))!
}

/** null when the webhook is not this company's. */
export async function updateWebhook(companyId: number, id: string, input: WebhookInput): Promise<WebhookView | null> {
  validate(input, false)
  if (input.topics && !input.topics.length)
    throw badRequest('Choose at least one topic.', { 'webhook-topics': ['Choose at least one topic.'] })
  const existing = await db.webhook.findFirst({ where: { companyId, id }, select: { id: true } })
  if (!existing) return null
  const data: Record<string, unknown> = {}
  if (input.name !== undefined) data.name = input.name.trim()
  if (input.description !== undefined) data.description = input.description?.trim() || null
  if (input.endpointUrl !== undefined) data.endpointUrl = input.endpointUrl
  if (input.secretKey !== undefined) data.secretSealed = sealSecret(input.secretKey, SECRET_PURPOSE)
  if (input.enabled !== undefined) data.enabled = input.enabled
  await db.$transaction([
    db.webhook.updateMany({ where: { companyId, id }, data: { ...data, updatedAt: new Date() } }),
    ...(input.topics
      ? [
          db.webhookTopicSubscription.deleteMany({ where: { companyId, webhookId: id } }),
          db.webhookTopicSubscription.createMany({
            data: [...new Set(input.topics)].map((topic) => ({ companyId, webhookId: id, topic })),
          }),
        ]
      : []),
  ])
  return getWebhook(companyId, id)
}

/** Deletes the webhook, its topics and its delivery log; false when it is not this company's. */
export async function deleteWebhook(companyId: number, id: string): Promise<boolean> {
  const [, , gone] = await db.$transaction([
    db.webhookTopicSubscription.deleteMany({ where: { companyId, webhookId: id } }),
    db.webhookDelivery.deleteMany({ where: { companyId, webhookId: id } }),
    db.webhook.deleteMany({ where: { companyId, id } }),
  ])
  return gone.count > 0
}

/** The signing secret (delivery only). */
export async function webhookSecret(companyId: number, id: string): Promise<string | null> {
  const row = await db.webhook.findFirst({ where: { companyId, id }, select: { secretSealed: true } })
  return openSecret(row?.secretSealed, SECRET_PURPOSE)
}
