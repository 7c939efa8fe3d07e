// The automatic winner of flow A/B tests: an hourly job looks at every running test whose
// merchant chose "pick the winner automatically" and whose window has ended, and applies the
// rule of lib/flows/ajax/ab-tests-analytics.ts (the leader must beat every other variation with
// the chosen confidence); from then on the engine sends the winner to everyone. A test that is
// not yet significant is looked at again the next hour. The job re-books itself by the hour.
import { db } from '@/lib/db/client'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { settleAutomaticWinner } from './ajax/ab-tests-analytics'

export const AB_WINNERS_JOB = 'flows.ab-winners'
const HOUR = 3_600_000

/** Settles every due automatic test; returns the tests given a winner. */
export async function settleDueAbTests(
  now: Date = queueNow(),
): Promise<Array<{ companyId: number; actionId: string; winner: string }>> {
  const running = await db.flowAbTest.findMany({
    where: { autoWinner: true, winnerVariationId: null, startedAt: { not: null }, endedAt: null },
    select: { companyId: true, actionId: true, startedAt: true, windowHours: true },
  })
  const settled: Array<{ companyId: number; actionId: string; winner: string }> = []
  for (const t of running) {
    if (t.startedAt!.getTime() + t.windowHours * HOUR > now.getTime()) continue
    try {
      const winner = await settleAutomaticWinner(t.companyId, t.actionId, now)
      if (winner) settled.push({ companyId: t.companyId, actionId: t.actionId, winner })
    } catch (e) {
      // A deleted action or flow: nothing to settle; the others still are.
      console.warn(
        `[flows] A/B test of action ${t.actionId} could not be settled: ${e instanceof Error ? e.message : String(e)}`,
      )
    }
  }
  return settled
}

/** Books the next hourly look (idempotent by the hour). */
export async function bookAbWinnersJob(now: Date = queueNow()): Promise<void> {
  const next = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR)
  await enqueue(AB_WINNERS_JOB, {}, { runAt: next, idempotencyKey: `${AB_WINNERS_JOB}:${next.toISOString()}` })
}

export function register(): void {
  registerJobHandler(AB_WINNERS_JOB, async () => {
    const now = queueNow()
    await settleDueAbTests(now)
    await bookAbWinnersJob(now)
  })
}
