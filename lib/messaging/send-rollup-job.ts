// Keeps SendDailyRollup (issues 26 §4, 27 §6): every 15 minutes one job recomputes, from Send,
// each closed day (a UTC day ended more than an hour ago) that the rollup does not hold current
// rows for — days never taken up (the backfill, newest first) and days whose version the Send
// triggers bumped since (a bounce, a delivery report or a retry that reached a closed day). A
// day's rows are replaced whole, so a rerun counts nothing twice. The send pipeline itself writes
// nothing here: its sends are on the open day, which is counted live.
//
// A day is computed in two transactions: its SendRollupDay row is created first (committed), so
// any send written from then on bumps its version; then one transaction reads that version,
// recounts the day and records the version it counted. A change committed after the version was
// read leaves version ≠ rolledVersion, and readers count the day live until the next run.
// On PostgreSQL a writer whose statement ran just before the row was committed found no row to
// bump, and if it commits after the recount's snapshot the recount misses it: so the markers of a
// run are created first, and the recounts start SETTLE_MS later, after such writers (a send's
// transaction lasts milliseconds) have committed. SQLite serializes writers, so it has no gap.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inWriteTx, read, select, selectFirst } from '@/lib/db/ops'
import { queueNow } from '@/lib/jobs/clock'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { CHANNELS } from './types'
import { dayStart, DAY_MS, nextDay, utcDay } from './send-rollup-read'

export const SEND_ROLLUP_JOB = 'messaging.send-rollup'
const PERIOD_MS = 15 * 60_000
/** Late writes (the last sends' outcomes) land in the first hour after midnight, before the day is rolled up. */
export const CLOSE_MARGIN_MS = 60 * 60_000
const MAX_DAYS_PER_RUN = 400
/** How long the recounts wait after the run's markers were committed (PostgreSQL only). */
export const SETTLE_MS = 2_000
// As literals: PostgreSQL matches the GROUP BY expression to the selected one only when they are
// the same text, which parameters ($1 vs $5) are not.
const billed = sql<number>`case when "sourceType" in (${sql.join(['preview', 'alert'].map((t) => sql.lit(t)))}) then 0 else 1 end`
const TRIGGERS = ['Send_rollup_insert', 'Send_rollup_delete', 'Send_rollup_update']

/** Days before this one are closed at `now`. */
export const closedBefore = (now: Date): string => utcDay(new Date(now.getTime() - CLOSE_MARGIN_MS))

async function triggersPresent(): Promise<boolean> {
  const row = await read(
    selectFirst(
      dbEngine() === 'postgresql'
        ? sql<{ n: number }>`select count(*) as n from pg_trigger where tgname in (${sql.join(TRIGGERS)})`.compile(
            kysely(),
          )
        : sql<{
            n: number
          }>`select count(*) as n from sqlite_master where type = 'trigger' and name in (${sql.join(TRIGGERS)})`.compile(
            kysely(),
          ),
    ),
  )
  return Number(row?.n ?? 0) === TRIGGERS.length
}

/** Closed days with no current rollup, newest first, at most `limit`. */
async function daysToCompute(now: Date, limit: number): Promise<Array<{ companyId: number; day: string }>> {
  const end = closedBefore(now)
  const k = kysely()
  const out: Array<{ companyId: number; day: string }> = []
  const stale = await read(
    select(
      k
        .selectFrom('SendRollupDay')
        .select(['companyId', 'day'])
        .where('day', '<', end)
        .where((eb) => eb.or([eb('rolledVersion', 'is', null), eb('rolledVersion', '!=', eb.ref('version'))]))
        .orderBy('day', 'desc')
        .limit(limit),
    ),
  )
  out.push(...stale)
  const companies = await read(select(k.selectFrom('Company').select('id').orderBy('id')))
  for (const { id: companyId } of companies) {
    if (out.length >= limit) break
    // The first send of each channel: one probe of the (companyId, channel, sendingAt, status) index each.
    let first: string | null = null
    for (const channel of CHANNELS) {
      const r = await read(
        selectFirst(
          k
            .selectFrom('Send')
            .select('sendingAt')
            .where('companyId', '=', companyId)
            .where('channel', '=', channel)
            .where('sendingAt', 'is not', null)
            .orderBy('sendingAt')
            .limit(1),
        ),
      )
      const day = r?.sendingAt ? utcDay(new Date(r.sendingAt as unknown as string)) : null
      if (day && (!first || day < first)) first = day
    }
    if (!first || first >= end) continue
    const known = new Set(
      (
        await read(
          select(k.selectFrom('SendRollupDay').select('day').where('companyId', '=', companyId).where('day', '<', end)),
        )
      ).map((r) => r.day),
    )
    for (let t = dayStart(end).getTime() - DAY_MS; t >= dayStart(first).getTime() && out.length < limit; t -= DAY_MS) {
      const day = utcDay(new Date(t))
      if (!known.has(day)) out.push({ companyId, day })
    }
  }
  return out
}

/** Recounts one company's day from Send and marks it current at the version read first. */
async function createMarkers(days: Array<{ companyId: number; day: string }>): Promise<void> {
  const k = kysely()
  for (let i = 0; i < days.length; i += 200)
    await inWriteTx(function* () {
      yield* exec(
        k
          .insertInto('SendRollupDay')
          .values(days.slice(i, i + 200).map((d) => ({ companyId: d.companyId, day: d.day, version: 0 })))
          .onConflict((oc) => oc.columns(['companyId', 'day']).doNothing()),
      )
    })
}

async function computeDay(companyId: number, day: string, now: Date): Promise<void> {
  const k = kysely()
  await inWriteTx(function* () {
    const marker = yield* selectFirst(
      k.selectFrom('SendRollupDay').select('version').where('companyId', '=', companyId).where('day', '=', day),
    )
    yield* exec(k.deleteFrom('SendDailyRollup').where('companyId', '=', companyId).where('day', '=', day))
    yield* exec(
      k
        .insertInto('SendDailyRollup')
        .columns(['companyId', 'day', 'channel', 'status', 'billed', 'count', 'units'])
        .expression(
          k
            .selectFrom('Send')
            .select([
              sql<number>`cast(${companyId} as integer)`.as('companyId'),
              sql<string>`cast(${day} as text)`.as('day'),
              'channel',
              'status',
              billed.as('billed'),
              sql<number>`count(*)`.as('count'),
              sql<number>`sum(coalesce("segments", 1))`.as('units'),
            ])
            .where('companyId', '=', companyId)
            // Each channel named, so the count reads the (companyId, channel, sendingAt, …) index by range.
            .where('channel', 'in', [...CHANNELS])
            .where('sendingAt', '>=', dayStart(day))
            .where('sendingAt', '<', dayStart(nextDay(day)))
            .groupBy(['channel', 'status', billed]),
        ),
    )
    yield* exec(
      k
        .updateTable('SendRollupDay')
        .set({ rolledVersion: marker?.version ?? 0, computedAt: now })
        .where('companyId', '=', companyId)
        .where('day', '=', day),
    )
  })
}

/**
 * One run: recomputes up to `maxDays` days; `more` when others are left (the handler books the
 * next run at once). Without the Send triggers (a migration that redefined the table dropped
 * them) no day can be trusted: the rollup is emptied so readers count live.
 */
export async function rollUpSends(
  now = queueNow(),
  maxDays = MAX_DAYS_PER_RUN,
  settleMs = SETTLE_MS,
): Promise<{ computed: number; more: boolean }> {
  if (!(await triggersPresent())) {
    await inWriteTx(function* () {
      yield* exec(kysely().deleteFrom('SendRollupDay'))
      yield* exec(kysely().deleteFrom('SendDailyRollup'))
    })
    console.error('[send-rollup] the Send triggers are missing: the rollup is off, usage is counted live')
    return { computed: 0, more: false }
  }
  const days = await daysToCompute(now, maxDays)
  if (!days.length) return { computed: 0, more: false }
  await createMarkers(days)
  if (dbEngine() === 'postgresql' && settleMs > 0) await new Promise((r) => setTimeout(r, settleMs))
  for (const d of days) await computeDay(d.companyId, d.day, now)
  return { computed: days.length, more: days.length >= maxDays }
}

export function nextSendRollupRun(now: Date): Date {
  return new Date(Math.floor(now.getTime() / PERIOD_MS) * PERIOD_MS + PERIOD_MS)
}

/** Books the next run (idempotent: called at every worker start). */
export async function ensureSendRollupJobs(now = queueNow()): Promise<void> {
  const at = nextSendRollupRun(now)
  await enqueue(SEND_ROLLUP_JOB, {}, { runAt: at, idempotencyKey: `${SEND_ROLLUP_JOB}:${at.toISOString()}` })
}

export function register(): void {
  registerJobHandler(
    SEND_ROLLUP_JOB,
    async () => {
      const now = queueNow()
      const { more } = await rollUpSends(now)
      if (more) await enqueue(SEND_ROLLUP_JOB, {}, { idempotencyKey: `${SEND_ROLLUP_JOB}:more:${now.toISOString()}` })
      else await ensureSendRollupJobs(new Date(now.getTime() + 1000))
    },
    { keepDone: false },
  )
}
