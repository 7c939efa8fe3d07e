// The scheduled trigger (seed 002 §3.2 "scheduled"): at a FlowSchedule's time, the current
// members of the flow's list or segment enter it, page by page, with the entry key
// schedule:<the scheduled instant>, so a schedule run again (a retry, two workers) enters
// nobody twice. The schedule then moves to its next occurrence (./schedule-occurrences.ts:
// daily, weekly on its weekdays, monthly, at the same local time).
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { inWriteTx, read, select, type Ops } from '@/lib/db/ops'
import { prepareFlowJobs, wakeFlowWorkers } from '@/lib/flows/engine/enter-flow'
import { ENTERING_STATUSES, flowVersionDefinitionOps } from './flow-lookup'
import { enterFlowSetOps } from './group-trigger'
import { dueSchedules, markScheduleRan } from './schedule-occurrences'

const PAGE = 2000

/** The flow's list and segment trigger ids (the audience of a scheduled send). */
function* audienceOps(companyId: number, flowId: string, version: number): Ops<string[]> {
  const def = yield* flowVersionDefinitionOps(companyId, flowId, version)
  return (
    (def?.triggers ?? [])
      // A list or segment trigger, or the scheduled trigger's own audience ({ type: 'scheduled', source, id } of /ajax configure).
      .filter(
        (t) =>
          (t.type === 'list' || t.type === 'segment' || t.type === 'scheduled') && (t as { id?: string | null }).id,
      )
      .map((t) => (t as { id: string }).id)
  )
}

/** Enters the current members of the flow's lists/segments as of `at`; returns the runs created. */
export async function enterScheduled(companyId: number, flowId: string, at: Date): Promise<number> {
  const flow = await db.flow.findFirst({
    where: { companyId, id: flowId, archived: false, status: { in: ENTERING_STATUSES } },
  })
  if (!flow) return 0
  await prepareFlowJobs()
  const groups = await read(audienceOps(companyId, flowId, flow.currentVersion))
  const entryKey = `schedule:${at.toISOString()}`
  let entered = 0
  for (const groupId of groups) {
    let cursor = ''
    for (;;) {
      const ids = (
        await read(
          select(
            kysely()
              .selectFrom('GroupMembership')
              .select('profileId')
              .where('companyId', '=', companyId)
              .where('groupId', '=', groupId)
              .where('leftAt', 'is', null)
              .where('profileId', '>', cursor)
              .orderBy('profileId')
              .limit(PAGE),
          ),
        )
      ).map((r) => r.profileId)
      if (!ids.length) break
      cursor = ids.at(-1)!
      entered += await inWriteTx(() =>
        enterFlowSetOps({
          companyId,
          flow: { flowId, version: flow.currentVersion },
          profileIds: ids,
          entryKey,
          triggerKind: 'scheduled',
          at,
        }),
      )
      if (ids.length < PAGE) break
    }
  }
  if (entered) wakeFlowWorkers()
  return entered
}

/**
 * Runs every schedule due at `now` (the 'flows.schedules' job) by the occurrence rules
 * (./schedule-occurrences.ts: dueSchedules, and markScheduleRan, which moves a schedule to its
 * next occurrence by compare-and-set); returns the runs created.
 */
export async function runDueFlowSchedules(now: Date): Promise<number> {
  let entered = 0
  for (const s of await dueSchedules(now, 100)) {
    entered += await enterScheduled(s.companyId, s.flowId, s.dueAt)
    await markScheduleRan(s.id, s.dueAt)
  }
  return entered
}

/** The earliest pending schedule time (for booking the next 'flows.schedules' job). */
export async function nextScheduleAt(): Promise<Date | null> {
  const s = await db.flowSchedule.findFirst({
    where: { enabled: true, nextRunAt: { not: null } },
    orderBy: { nextRunAt: 'asc' },
    select: { nextRunAt: true },
  })
  return s?.nextRunAt ?? null
}
