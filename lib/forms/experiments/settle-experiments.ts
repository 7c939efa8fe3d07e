// The automatic winner of form experiments: an hourly job looks at every running experiment in
// automatic mode and, once its leader is significant (experiment-results.ts), ends it with that
// winner. The job is booked when an experiment starts and re-books itself while any is running.
import { db } from '@/lib/db/client'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { endFormExperiment } from './end-experiment'
import { experimentResults } from './experiment-results'

export const FORM_EXPERIMENTS_JOB = 'forms.experiment-winners'
const HOUR = 3_600_000

export async function settleRunningExperiments(
  now: Date,
): Promise<Array<{ companyId: number; experimentId: number; winnerVersionId: number }>> {
  const running = await db.formExperiment.findMany({
    where: { status: 'running', winnerMode: 'automatic' },
    select: { id: true, companyId: true },
    orderBy: { id: 'asc' },
  })
  const settled: Array<{ companyId: number; experimentId: number; winnerVersionId: number }> = []
  for (const e of running) {
    try {
      const r = await experimentResults(e.companyId, e.id, now)
      if (!r.significant || r.leaderVersionId === null) continue
      await endFormExperiment(e.companyId, e.id, r.leaderVersionId, now)
      settled.push({ companyId: e.companyId, experimentId: e.id, winnerVersionId: r.leaderVersionId })
    } catch (err) {
      // Ended by hand meanwhile, or its form deleted: the others are still settled.
      console.warn(
        `[forms] experiment ${e.id} could not be settled: ${err instanceof Error ? err.message : String(err)}`,
      )
    }
  }
  return settled
}

/** Books the next hourly look (idempotent by the hour). */
export async function bookExperimentsJob(now: Date): Promise<void> {
  const next = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR)
  await enqueue(
    FORM_EXPERIMENTS_JOB,
    {},
    { runAt: next, idempotencyKey: `${FORM_EXPERIMENTS_JOB}:${next.toISOString()}` },
  )
}

export function register(): void {
  registerJobHandler(FORM_EXPERIMENTS_JOB, async () => {
    const now = queueNow()
    await settleRunningExperiments(now)
    if (await db.formExperiment.count({ where: { status: 'running', winnerMode: 'automatic' } }))
      await bookExperimentsJob(now)
  })
}
