// Keeps "Event"'s monthly partitions on PostgreSQL (issue 22 §2; the table and the function are
// in prisma/postgres/migrations/…_event_partitions): once a day, and at every worker start, the
// current month and the next three get their partition ahead of time, and a month whose events
// landed in the DEFAULT partition (an import of old data, a clock far off) is moved into its own.
// The work is one SQL function, so the migration and the job cannot disagree on names or bounds;
// it is idempotent, so a rerun or two workers at once create nothing twice. SQLite has one table.
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inWriteTx, selectFirst } from '@/lib/db/ops'
import { queueNow } from '@/lib/jobs/clock'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'

const EVENT_PARTITIONS_JOB = 'events.partitions'
const MONTHS_AHEAD = 3
const DAY_MS = 86_400_000
/** Writers wait for the job's lock: past this it gives up and the queue retries later. */
const LOCK_TIMEOUT = '5s'

/** One run at `now`: the partitions it created (empty when all were there). */
export async function maintainEventPartitions(now = queueNow(), ahead = MONTHS_AHEAD): Promise<string[]> {
  if (dbEngine() !== 'postgresql') return []
  return inWriteTx(function* () {
    yield* exec(CompiledQuery.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`))
    const r = yield* selectFirst<{ made: string[] }>(
      CompiledQuery.raw('select "event_partitions_maintain"($1, $2) as made', [
        Math.floor(now.getTime() / 1000),
        ahead,
      ]),
    )
    return r?.made ?? []
  })
}

/** The next run: the next UTC midnight. */
export const nextEventPartitionsRun = (now: Date): Date =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS)

/** Books today's run now and nothing else (idempotent: called at every worker start). */
export async function ensureEventPartitionJobs(now = queueNow()): Promise<void> {
  if (dbEngine() !== 'postgresql') return
  const day = now.toISOString().slice(0, 10)
  await enqueue(EVENT_PARTITIONS_JOB, {}, { idempotencyKey: `${EVENT_PARTITIONS_JOB}:${day}` })
}

export function register(): void {
  registerJobHandler(
    EVENT_PARTITIONS_JOB,
    async () => {
      const now = queueNow()
      const made = await maintainEventPartitions(now)
      if (made.length) console.log(`[events.partitions] created ${made.join(', ')}`)
      const at = nextEventPartitionsRun(now)
      const day = at.toISOString().slice(0, 10)
      await enqueue(EVENT_PARTITIONS_JOB, {}, { runAt: at, idempotencyKey: `${EVENT_PARTITIONS_JOB}:${day}` })
    },
    { keepDone: false },
  )
}
