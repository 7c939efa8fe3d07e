// Creating Send rows: database work written once (lib/db/ops.ts), so a caller (flow engine,
// campaign sender, preview, transactional API) yields it inside the same transaction as its
// decision to send. Each row has a unique send key (company, channel, source type, source id,
// profile): a repeated decision finds the row (INSERT … ON CONFLICT DO NOTHING) and adds
// nothing. A delivery job for the new rows' sources is enqueued in that same transaction; the
// worker (deliver-sends.ts) streams their queued rows in pages. One source (a campaign's
// message, a preview): one job for it. Or each recipient its own source (CreateSendsBySourceInput:
// the journey engine steps many runs at one send action, each run its own key
// `${actionId}:${runId}`): one job names all the new sources (DeliverPayload.sourceIds, up to
// MAX_SOURCES_PER_JOB), not one job per Send.
import { createHash } from 'node:crypto'
import { dbEngine } from '@/lib/db/client'
import { sql } from 'kysely'
import { inWriteTx, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { ulid } from '@/lib/ids/make-id'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import type { Channel, MessageContent, SourceType } from './types'

export const DELIVER_JOB = 'messaging.deliver'

export interface SendRecipient {
  profileId: string
  /** extra template context, e.g. { event: {...} } */
  context?: Record<string, unknown>
}

export interface CreateSendsInput {
  companyId: number
  channel: Channel
  sourceType: SourceType
  sourceId: string
  transactional?: boolean
  content: MessageContent
  recipients: SendRecipient[]
}

/** Recipients with a source each (a flow run's `${actionId}:${runId}`), in one call. */
export type CreateSendsBySourceInput = Omit<CreateSendsInput, 'sourceId' | 'recipients'> & {
  sourceId?: undefined
  recipients: Array<SendRecipient & { sourceId: string }>
}

export interface CreatedSend {
  id: string
  profileId: string
  sourceId: string
}

/**
 * The payload of a delivery job: drain the queued Sends of one source (sourceId), or of many
 * sources of the same company, channel and type (sourceIds: a batch of flow steps).
 */
export type DeliverPayload = { companyId: number; channel: Channel; sourceType: SourceType } & (
  { sourceId: string; sourceIds?: undefined } | { sourceIds: string[]; sourceId?: undefined }
)

/** Sources one delivery job may name (its claim's `sourceId IN (…)`). */
export const MAX_SOURCES_PER_JOB = 500

/** The sources a delivery job drains. */
export const deliverSources = (p: DeliverPayload): string[] => p.sourceIds ?? [p.sourceId]

/** The payload for these sources: the one-source shape for one (as before), else sourceIds. */
/** What every delivery job of a set of sources shares. */
export interface DeliverBase {
  companyId: number
  channel: Channel
  sourceType: SourceType
}

export function deliverPayload(base: DeliverBase, sourceIds: string[]): DeliverPayload {
  const { companyId, channel, sourceType } = base
  return sourceIds.length === 1
    ? { companyId, channel, sourceType, sourceId: sourceIds[0]! }
    : { companyId, channel, sourceType, sourceIds }
}

/**
 * The idempotency key of a delivery job for these sources due at `at` (a deferral, a retry):
 * jobs with the same key drain the same rows, so one is enough. One source: its id (as before);
 * many: a digest of the sorted set, so two different sets never share a key.
 */
export function deliverJobKey(p: DeliverPayload, at: Date): string {
  const ids = deliverSources(p)
  const source =
    ids.length === 1
      ? ids[0]!
      : `set-${ids.length}-${createHash('sha256')
          .update([...ids].sort().join('\n'))
          .digest('base64url')}`
  return `${DELIVER_JOB}:${p.companyId}:${p.channel}:${p.sourceType}:${source}:${at.toISOString()}`
}

/**
 * Delivery jobs due later (deferred rows: quiet hours, a provider's retry), collected over a
 * page: one job per (company, channel, source type, time) naming up to MAX_SOURCES_PER_JOB of the
 * rows' sources, where a job per row would be a job per flow Send (each run is its own source).
 */
export class LaterDeliveries {
  private groups = new Map<string, { base: DeliverBase; until: Date; sources: Set<string> }>()

  add(base: DeliverBase, sourceId: string, until: Date) {
    const key = `${base.companyId}\u0000${base.channel}\u0000${base.sourceType}\u0000${until.getTime()}`
    const g = this.groups.get(key) ?? {
      base: { companyId: base.companyId, channel: base.channel, sourceType: base.sourceType },
      until,
      sources: new Set<string>(),
    }
    g.sources.add(sourceId)
    this.groups.set(key, g)
  }

  *enqueueOps(now: Date): Ops<void> {
    for (const g of this.groups.values()) {
      const sources = [...g.sources].sort()
      for (let i = 0; i < sources.length; i += MAX_SOURCES_PER_JOB) {
        const p = deliverPayload(g.base, sources.slice(i, i + MAX_SOURCES_PER_JOB))
        yield* enqueueJobOps(
          DELIVER_JOB,
          p,
          { companyId: g.base.companyId, runAt: g.until, maxAttempts: 10, idempotencyKey: deliverJobKey(p, g.until) },
          now,
        )
      }
    }
    this.groups.clear()
  }
}

const CHUNK = 200
/** PostgreSQL: rows per INSERT … SELECT FROM unnest(arrays). */
const PG_CHUNK = 5000

/**
 * PostgreSQL: a chunk of Send rows as one INSERT … SELECT FROM unnest(…) with the columns every
 * row shares (company, channel, source type, the message content) bound once, not once per row
 * as a VALUES list binds them: a campaign's 100,000 rows had sent its content 100,000 times
 * (130 MB) in 500 statements of 2,600 parameters each.
 */
function* insertSendsPg(
  input: { companyId: number; channel: Channel; sourceType: SourceType; transactional?: boolean },
  rows: Array<[id: string, sourceId: string, profileId: string, context: string | null]>,
  content: string,
  now: Date,
): Ops<CreatedSend[]> {
  const col = (k: number) => rows.map((r) => r[k])
  return yield* select(
    sql<CreatedSend>`INSERT INTO "Send" ("id", "companyId", "channel", "sourceType", "sourceId", "profileId", "transactional", "status", "content", "context", "createdAt", "updatedAt")
    SELECT t."id", ${input.companyId}::int, ${input.channel}::text, ${input.sourceType}::text, t."sourceId", t."profileId", ${!!input.transactional}::boolean, 'queued', ${content}::text, t."context", ${now}::timestamp(3), ${now}::timestamp(3)
    FROM unnest(${col(0)}::text[], ${col(1)}::text[], ${col(2)}::text[], ${col(3)}::text[]) AS t("id", "sourceId", "profileId", "context")
    ON CONFLICT ("companyId", "channel", "sourceType", "sourceId", "profileId") DO NOTHING
    RETURNING "id", "profileId", "sourceId"`.compile(kysely()),
  )
}

/** Inserts the rows that do not exist yet and enqueues their delivery; returns the new ones. */
export function* createSendsOps(
  input: CreateSendsInput | CreateSendsBySourceInput,
  now: Date = queueNow(),
): Ops<CreatedSend[]> {
  const created: CreatedSend[] = []
  const content = JSON.stringify(input.content)
  const sourceOf = (r: SendRecipient & { sourceId?: string }) => {
    const sourceId = input.sourceId ?? r.sourceId
    if (sourceId == null) throw new Error('createSendsOps: a recipient without a source id.')
    return sourceId
  }
  const seen = new Set<string>()
  const recipients = input.recipients.filter((r) => {
    const key = `${sourceOf(r)}\u0000${r.profileId}`
    return !seen.has(key) && !!seen.add(key)
  })
  const pg = dbEngine() === 'postgresql'
  for (let i = 0; pg && i < recipients.length; i += PG_CHUNK) {
    const rows = recipients
      .slice(i, i + PG_CHUNK)
      .map(
        (r) =>
          [ulid(now.getTime()), sourceOf(r), r.profileId, r.context ? JSON.stringify(r.context) : null] as [
            string,
            string,
            string,
            string | null,
          ],
      )
    created.push(...(yield* insertSendsPg(input, rows, content, now)))
  }
  for (let i = 0; !pg && i < recipients.length; i += CHUNK) {
    const rows = recipients.slice(i, i + CHUNK).map((r) => ({
      id: ulid(now.getTime()),
      companyId: input.companyId,
      channel: input.channel,
      sourceType: input.sourceType,
      sourceId: sourceOf(r),
      profileId: r.profileId,
      transactional: !!input.transactional,
      status: 'queued',
      content,
      context: r.context ? JSON.stringify(r.context) : null,
      createdAt: now,
      updatedAt: now,
    }))
    created.push(
      ...(yield* select(
        kysely()
          .insertInto('Send')
          .values(rows)
          .onConflict((oc) => oc.columns(['companyId', 'channel', 'sourceType', 'sourceId', 'profileId']).doNothing())
          .returning(['id', 'profileId', 'sourceId']),
      )),
    )
  }
  // One job per MAX_SOURCES_PER_JOB new sources (a single-source call: one job, as ever).
  const sources = [...new Set(created.map((c) => c.sourceId))]
  for (let i = 0; i < sources.length; i += MAX_SOURCES_PER_JOB) {
    const payload = deliverPayload(input, sources.slice(i, i + MAX_SOURCES_PER_JOB))
    yield* enqueueJobOps(DELIVER_JOB, payload, { companyId: input.companyId, maxAttempts: 10 }, now)
  }
  return created
}

/** Before a transaction that yields createSendsOps on PostgreSQL: the queue's schema must exist. */
export async function prepareSendQueue(): Promise<void> {
  await prepareEnqueueInTransaction()
}

/** createSendsOps in a transaction of its own (callers without one: previews, transactional mail). */
export async function createSends(input: CreateSendsInput | CreateSendsBySourceInput): Promise<CreatedSend[]> {
  await prepareSendQueue()
  const created = await inWriteTx(() => createSendsOps(input))
  if (created.length) wakeWorkers(DELIVER_JOB)
  return created
}
