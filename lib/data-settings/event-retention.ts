// Event retention (/settings/data): off by default. When on, a daily job deletes the company's
// events older than the chosen number of days, in batches of PURGE_BATCH so no transaction holds
// the database for long (SQLite has one writer). What goes: the Event rows and what hangs off
// them by cascade (the message-event index); profiles, lists, segments, the metrics themselves
// and the reports already rolled up stay. The job books the next day's run itself, once per day.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { enqueue } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'

export const RETENTION_PURGE_JOB = 'data-retention.purge'
export const PURGE_BATCH = 1000
// Batches per job run; a larger backlog continues in a follow-up job so other work interleaves.
const BATCHES_PER_RUN = 20
const DAY_MS = 86_400_000

export const retentionBody = z.object({
  enabled: z.boolean(),
  eventRetentionDays: z.coerce
    .number()
    .int('Whole days.')
    .min(30, 'Keep events at least 30 days.')
    .max(3650, 'At most 10 years.'),
})
export type RetentionInput = z.infer<typeof retentionBody>

const cutoffTs = (days: number, now: Date) => Math.floor((now.getTime() - days * DAY_MS) / 1000)

export async function getEventRetention(companyId: number, now: Date = queueNow()) {
  const row = await db.dataRetentionSetting.findUnique({ where: { companyId } })
  const days = row?.eventRetentionDays ?? 730
  const [olderThanCutoff, total] = await Promise.all([
    db.event.count({ where: { companyId, ts: { lt: cutoffTs(days, now) } } }),
    db.event.count({ where: { companyId } }),
  ])
  return {
    enabled: row?.enabled ?? false,
    eventRetentionDays: days,
    lastPurgeAt: row?.lastPurgeAt?.toISOString() ?? null,
    lastPurgedCount: row?.lastPurgedCount ?? 0,
    eventsOlderThanPeriod: olderThanCutoff,
    eventsTotal: total,
  }
}
export type EventRetentionResponse = Awaited<ReturnType<typeof getEventRetention>>

export async function saveEventRetention(companyId: number, input: RetentionInput, now: Date = queueNow()) {
  await db.dataRetentionSetting.upsert({
    where: { companyId },
    create: { companyId, ...input },
    update: input,
  })
  if (input.enabled) await bookPurge(companyId, now, 0)
  return getEventRetention(companyId, now)
}

/** One purge job per company and day (the key), starting at `at`. */
function bookPurge(companyId: number, at: Date, delayMs: number) {
  const day = Math.floor((at.getTime() + delayMs) / DAY_MS)
  return enqueue(
    RETENTION_PURGE_JOB,
    { day },
    { companyId, runAt: new Date(at.getTime() + delayMs), idempotencyKey: `data-retention:${companyId}:${day}` },
  )
}

/** Deletes up to BATCHES_PER_RUN batches of old events; returns how many and whether more remain. */
export async function purgeOldEvents(companyId: number, now: Date = queueNow(), continuing = false) {
  const row = await db.dataRetentionSetting.findUnique({ where: { companyId } })
  if (!row?.enabled) return { deleted: 0, more: false, enabled: false }
  const cutoff = cutoffTs(row.eventRetentionDays, now)
  let deleted = 0
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const ids = await db.event.findMany({
      where: { companyId, ts: { lt: cutoff } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: PURGE_BATCH,
    })
    if (!ids.length) break
    const { count } = await db.event.deleteMany({ where: { companyId, id: { in: ids.map((e) => e.id) } } })
    deleted += count
    if (ids.length < PURGE_BATCH) break
  }
  const more = (await db.event.count({ where: { companyId, ts: { lt: cutoff } }, take: 1 })) > 0
  await db.dataRetentionSetting.update({
    where: { companyId },
    // A follow-up of the same day adds to the day's count; a new day starts it again.
    data: { lastPurgeAt: now, lastPurgedCount: continuing ? { increment: deleted } : deleted },
  })
  return { deleted, more, enabled: true }
}

export async function runRetentionJob(companyId: number, now: Date = queueNow(), continuing = false) {
  const r = await purgeOldEvents(companyId, now, continuing)
  if (!r.enabled) return r
  if (r.more) {
    // The rest of today's backlog, right after other due jobs (a distinct key per follow-up).
    await enqueue(RETENTION_PURGE_JOB, { followUp: now.getTime() }, { companyId, runAt: now })
  } else {
    await bookPurge(companyId, now, DAY_MS)
  }
  return r
}
