// Releasing the fixed recipient list: the 'campaigns.release' job takes the campaign's due
// pending CampaignRecipient rows in batches; for each batch, in ONE transaction, it skips the
// ones later than the late window (reason 'late_window'), creates their Send rows through the
// messaging pipeline (createSendsOps, unique per profile and message) and marks them released
// with their send id. A paused or cancelled campaign releases nothing. When rows are still due
// later, the job books itself at the next sendAt (one job per second, keyed by it, as the flow
// engine's wake-ups); when nothing is pending any more, the campaign is Sent.
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { createSendsOps } from '@/lib/messaging/create-sends'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { DELIVER_JOB } from '@/lib/messaging/create-sends'
import { wakeWorkers } from '@/lib/jobs/queue'
import { campaignContentOps } from './content'
import { RELEASE_JOB, RELEASING_STATUSES, loadCampaignOps, messagingChannel } from './model'

const HOUR = 3_600_000
export const RELEASE_BATCH = 2000

export interface ReleasePayload {
  companyId: number
  campaignId: string
}

/** A release job at `at` rounded up to the second (and never before the next second). */
export function* bookReleaseOps(companyId: number, campaignId: string, at: Date, now: Date): Ops<void> {
  const second = Math.max(Math.ceil(at.getTime() / 1000) * 1000, Math.floor(now.getTime() / 1000) * 1000 + 1000)
  const runAt = new Date(second)
  const payload: ReleasePayload = { companyId, campaignId }
  yield* enqueueJobOps(
    RELEASE_JOB,
    payload,
    { companyId, runAt, maxAttempts: 1000, idempotencyKey: `${RELEASE_JOB}:${campaignId}:${runAt.toISOString()}` },
    now,
  )
}

export interface BatchResult {
  released: number
  skipped: number
  full: boolean
  stopped?: string
}

/** One batch: due pending rows → Sends (or late-window skips), marked in the same transaction. */
export function* releaseBatchOps(
  companyId: number,
  campaignId: string,
  now: Date,
  batch = RELEASE_BATCH,
): Ops<BatchResult> {
  // PostgreSQL: hold the campaign row (FOR SHARE) so a pause or cancel waits for this batch and
  // the next batch reads it (SQLite: the single writer already orders them).
  if (dbEngine() === 'postgresql')
    yield* select(
      kysely()
        .selectFrom('Campaign')
        .select('id')
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId)
        .forShare(),
    )
  const c = yield* loadCampaignOps(companyId, campaignId)
  if (!c) return { released: 0, skipped: 0, full: false, stopped: 'not_found' }
  if (!RELEASING_STATUSES.includes(c.status)) return { released: 0, skipped: 0, full: false, stopped: c.status }
  let q = kysely()
    .selectFrom('CampaignRecipient')
    .select(['profileId', 'messageId', 'variationId', 'sendAt'])
    .where('campaignId', '=', campaignId)
    .where('status', '=', 'pending')
    .where('sendAt', '<=', now)
    .orderBy('sendAt')
    .orderBy('profileId')
    .limit(batch)
  if (dbEngine() === 'postgresql') q = q.forUpdate().skipLocked()
  const rows = yield* select(q)
  if (!rows.length) return { released: 0, skipped: 0, full: false }
  const lateBefore = c.lateWindowHours != null ? now.getTime() - c.lateWindowHours * HOUR : null
  const late: string[] = []
  const groups = new Map<string, { messageId: string; variationId: string | null; profiles: string[] }>()
  for (const r of rows) {
    const sendAt = r.sendAt instanceof Date ? r.sendAt.getTime() : new Date(r.sendAt as unknown as string).getTime()
    if (lateBefore != null && sendAt < lateBefore) {
      late.push(r.profileId)
      continue
    }
    const key = `${r.messageId}\u0000${r.variationId ?? ''}`
    let g = groups.get(key)
    if (!g) groups.set(key, (g = { messageId: r.messageId, variationId: r.variationId, profiles: [] }))
    g.profiles.push(r.profileId)
  }
  const channel = messagingChannel(c.channel)
  const CHUNK = 500
  for (let i = 0; i < late.length; i += CHUNK) {
    yield* exec(
      kysely()
        .updateTable('CampaignRecipient')
        .set({ status: 'skipped', reason: 'late_window', releasedAt: now })
        .where('campaignId', '=', campaignId)
        .where('status', '=', 'pending')
        .where('profileId', 'in', late.slice(i, i + CHUNK)),
    )
  }
  let released = 0
  for (const g of groups.values()) {
    const { content, problem } = yield* campaignContentOps(companyId, g.messageId, g.variationId)
    if (problem) {
      for (let i = 0; i < g.profiles.length; i += CHUNK) {
        yield* exec(
          kysely()
            .updateTable('CampaignRecipient')
            .set({ status: 'skipped', reason: 'no_content', releasedAt: now })
            .where('campaignId', '=', campaignId)
            .where('status', '=', 'pending')
            .where('profileId', 'in', g.profiles.slice(i, i + CHUNK)),
        )
      }
      continue
    }
    const context = {
      $campaign: campaignId,
      $campaign_message: g.messageId,
      $variation: g.variationId,
      $smart_sending_enabled: c.sendOptions.use_smart_sending !== false,
      // What tracking (UTM parameters, reports) says about the message: the campaign, not its message id.
      $source: { kind: 'campaign', campaignId, campaignName: c.name, messageId: g.messageId },
    }
    const created = yield* createSendsOps(
      {
        companyId,
        channel,
        sourceType: 'campaign_message',
        sourceId: g.messageId,
        content,
        recipients: g.profiles.map((profileId) => ({ profileId, context })),
      },
      now,
    )
    const sendOf = new Map(created.map((x) => [x.profileId, x.id]))
    // Sends that existed already (a retried batch) are found by their unique key.
    const existing = g.profiles.filter((p) => !sendOf.has(p))
    for (let i = 0; i < existing.length; i += CHUNK) {
      const rows = yield* select(
        kysely()
          .selectFrom('Send')
          .select(['id', 'profileId'])
          .where('companyId', '=', companyId)
          .where('channel', '=', channel)
          .where('sourceType', '=', 'campaign_message')
          .where('sourceId', '=', g.messageId)
          .where('profileId', 'in', existing.slice(i, i + CHUNK)),
      )
      for (const r of rows) sendOf.set(r.profileId, r.id)
    }
    for (let i = 0; i < g.profiles.length; i += CHUNK) {
      // Each recipient's send id as a CASE over the chunk (a correlated lookup per row was
      // planned as a scan of the source's Sends on a table without statistics yet: 1.8 s a chunk).
      const chunk = g.profiles.slice(i, i + CHUNK).filter((p) => sendOf.has(p))
      if (!chunk.length) continue
      released += yield* exec(
        kysely()
          .updateTable('CampaignRecipient')
          .set({
            status: 'released',
            releasedAt: now,
            sendId: sql<string>`CASE ${sql.ref('profileId')} ${sql.join(
              chunk.map((p) => sql`WHEN ${p} THEN ${sendOf.get(p)!}`),
              sql` `,
            )} END`,
          })
          .where('campaignId', '=', campaignId)
          .where('status', '=', 'pending')
          .where('profileId', 'in', chunk),
      )
    }
  }
  return { released, skipped: late.length, full: rows.length >= batch }
}

/** After the batches: book the next wake-up, or settle the status (Variations Sent / Sent). */
export function* settleOps(
  companyId: number,
  campaignId: string,
  now: Date,
): Ops<{ next: Date | null; status: string | null }> {
  const c = yield* loadCampaignOps(companyId, campaignId)
  if (!c || !RELEASING_STATUSES.includes(c.status)) return { next: null, status: c?.status ?? null }
  const next = yield* selectFirst(
    kysely()
      .selectFrom('CampaignRecipient')
      .select('sendAt')
      .where('campaignId', '=', campaignId)
      .where('status', '=', 'pending')
      .orderBy('sendAt')
      .limit(1),
  )
  if (next) {
    const at = next.sendAt instanceof Date ? next.sendAt : new Date(next.sendAt as unknown as string)
    yield* bookReleaseOps(companyId, campaignId, at, now)
    return { next: at, status: c.status }
  }
  const waiting = yield* selectFirst(
    kysely()
      .selectFrom('CampaignRecipient')
      .select('profileId')
      .where('campaignId', '=', campaignId)
      .where('status', '=', 'waiting')
      .limit(1),
  )
  if (waiting) {
    if (c.status !== 'Variations Sent') {
      yield* exec(
        kysely()
          .updateTable('Campaign')
          .set({ status: 'Variations Sent', updatedAt: now })
          .where('id', '=', campaignId)
          .where('companyId', '=', companyId)
          .where('status', '=', c.status),
      )
    }
    return { next: null, status: 'Variations Sent' }
  }
  yield* exec(
    kysely()
      .updateTable('Campaign')
      .set({ status: 'Sent', sentAt: now, updatedAt: now })
      .where('id', '=', campaignId)
      .where('companyId', '=', companyId)
      .where('status', '=', c.status),
  )
  return { next: null, status: 'Sent' }
}

/** The job: batches until nothing is due, then settle. Returns how many were released. */
export async function runRelease(
  companyId: number,
  campaignId: string,
  now: Date,
  batch = RELEASE_BATCH,
): Promise<{ released: number; skipped: number; status: string | null; next: Date | null }> {
  let released = 0
  let skipped = 0
  for (;;) {
    const r = await inWriteTx(() => releaseBatchOps(companyId, campaignId, now, batch))
    released += r.released
    skipped += r.skipped
    if (r.released) wakeWorkers(DELIVER_JOB)
    if (r.stopped || !r.full) break
  }
  const s = await inWriteTx(() => settleOps(companyId, campaignId, now))
  if (s.next) wakeWorkers(RELEASE_JOB)
  return { released, skipped, ...s }
}

/** Counts of the recipient list by status (tests, reports, the send job's progress). */
export async function recipientCounts(companyId: number, campaignId: string): Promise<Record<string, number>> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('CampaignRecipient')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('companyId', '=', companyId)
        .where('campaignId', '=', campaignId)
        .groupBy('status'),
    ),
  )
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}
