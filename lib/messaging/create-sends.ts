// Creating Send rows: database work written once (lib/db/ops.ts), so a caller (flow engine,
// campaign sender, preview, transactional API) yields it inside the same transaction as its
// decision to send. Each row has a unique send key (company, channel, source type, source id,
// profile): a repeated decision finds the row (INSERT … ON CONFLICT DO NOTHING) and adds
// nothing. A delivery job for the source is enqueued in that same transaction; the worker
// (deliver-sends.ts) streams the source's queued rows in pages.
import { dbEngine } from '@/lib/db/client'
import { inWriteTx, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { ulid } from '@/lib/ids/make-id'
import { queueNow } from '@/lib/jobs/clock'
import { jobQueue, wakeWorkers } from '@/lib/jobs/queue'
import { enqueueJobOps } from './enqueue-job-ops'
import type { Channel, MessageContent, SourceType } from './types'

export const DELIVER_JOB = 'messaging.deliver'

export interface CreateSendsInput {
  companyId: number
  channel: Channel
  sourceType: SourceType
  sourceId: string
  transactional?: boolean
  content: MessageContent
  recipients: Array<{ profileId: string; /** extra template context, e.g. { event: {...} } */ context?: Record<string, unknown> }>
}

export interface CreatedSend {
  id: string
  profileId: string
}

/** The payload of a delivery job: drain the queued Sends of one source. */
export interface DeliverPayload {
  companyId: number
  channel: Channel
  sourceType: SourceType
  sourceId: string
}

const CHUNK = 200

/** Inserts the rows that do not exist yet and enqueues their delivery; returns the new ones. */
export function* createSendsOps(input: CreateSendsInput, now: Date = queueNow()): Ops<CreatedSend[]> {
  const created: CreatedSend[] = []
  const content = JSON.stringify(input.content)
  const seen = new Set<string>()
  const recipients = input.recipients.filter((r) => !seen.has(r.profileId) && !!seen.add(r.profileId))
  for (let i = 0; i < recipients.length; i += CHUNK) {
    const rows = recipients.slice(i, i + CHUNK).map((r) => ({
      id: ulid(now.getTime()),
      companyId: input.companyId,
      channel: input.channel,
      sourceType: input.sourceType,
      sourceId: input.sourceId,
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
          .returning(['id', 'profileId']),
      )),
    )
  }
  if (created.length) {
    const payload: DeliverPayload = { companyId: input.companyId, channel: input.channel, sourceType: input.sourceType, sourceId: input.sourceId }
    yield* enqueueJobOps(DELIVER_JOB, payload, { companyId: input.companyId, maxAttempts: 10 }, now)
  }
  return created
}

/** Before a transaction that yields createSendsOps on PostgreSQL: the queue's schema must exist. */
export async function prepareSendQueue(): Promise<void> {
  if (dbEngine() === 'postgresql') await jobQueue().prepare()
}

/** createSendsOps in a transaction of its own (callers without one: previews, transactional mail). */
export async function createSends(input: CreateSendsInput): Promise<CreatedSend[]> {
  await prepareSendQueue()
  const created = await inWriteTx(() => createSendsOps(input))
  if (created.length) wakeWorkers(DELIVER_JOB)
  return created
}
