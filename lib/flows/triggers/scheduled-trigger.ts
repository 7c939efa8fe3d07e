// The scheduled trigger (seed 002 §3.2 "scheduled"): at a FlowSchedule's time, the current
// members of the flow's list or segment enter it, page by page, with the entry key
// schedule:<the scheduled instant>, so a schedule run again (a retry, two workers) enters
// nobody twice. The schedule then moves to its next occurrence (daily, weekly on its weekdays,
// monthly, at the same local time in its time zone) or, once done, to none.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { inWriteTx, read, select, type Ops } from '@/lib/db/ops'
import { prepareFlowJobs, wakeFlowWorkers } from '@/lib/flows/engine/enter-flow'
import { ENTERING_STATUSES, flowVersionDefinitionOps } from './flow-lookup'
import { enterFlowSetOps } from './group-trigger'
import { addToDate, localParts, nextLocalTime } from './date-trigger'

const PAGE = 2000

/** The flow's list and segment trigger ids (the audience of a scheduled send). */
function* audienceOps(companyId: number, flowId: string, version: number): Ops<string[]> {
  const def = yield* flowVersionDefinitionOps(companyId, flowId, version)
  return (def?.triggers ?? [])
    .filter((t) => (t.type === 'list' || t.type === 'segment') && (t as { id?: string | null }).id)
    .map((t) => (t as { id: string }).id)
}

/** Enters the current members of the flow's lists/segments as of `at`; returns the runs created. */
export async function enterScheduled(companyId: number, flowId: string, at: Date): Promise<number> {
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId, archived: false, status: { in: ENTERING_STATUSES } } })
  if (!flow) return 0
  await prepareFlowJobs()
  const groups = await read(audienceOps(companyId, flowId, flow.currentVersion))
  const entryKey = `schedule:${at.toISOString()}`
  let entered = 0
  for (const groupId of groups) {
    let cursor = ''
    for (;;) {
      const ids = (await read(select(kysely().selectFrom('GroupMembership').select('profileId')
        .where('companyId', '=', companyId).where('groupId', '=', groupId).where('leftAt', 'is', null)
        .where('profileId', '>', cursor).orderBy('profileId').limit(PAGE)))).map((r) => r.profileId)
      if (!ids.length) break
      cursor = ids.at(-1)!
      entered += await inWriteTx(() => enterFlowSetOps({
        companyId, flow: { flowId, version: flow.currentVersion }, profileIds: ids, entryKey, triggerKind: 'scheduled', at,
      }))
      if (ids.length < PAGE) break
    }
  }
  if (entered) wakeFlowWorkers()
  return entered
}

/** The occurrence after `prev` of a schedule (null: no more). */
export function nextOccurrence(s: { frequency: string; timezone: string; weekdays: string | null; endAt: Date | null }, prev: Date): Date | null {
  const tz = s.timezone || 'UTC'
  const local = localParts(prev, tz)
  let next: Date | null = null
  if (s.frequency === 'daily') next = nextLocalTime(prev, tz, local.minutes)
  else if (s.frequency === 'weekly') {
    let days: number[] = []
    try {
      days = (JSON.parse(s.weekdays ?? '[]') as unknown[]).map(Number).filter((d) => d >= 0 && d <= 6)
    } catch {
      days = []
    }
    if (!days.length) days = [local.weekday]
    next = prev
    for (let i = 0; i < 7; i++) {
      next = nextLocalTime(next, tz, local.minutes)
      if (days.includes(localParts(next, tz).weekday)) break
    }
  } else if (s.frequency === 'monthly') {
    const target = addToDate(local.date, 1, 'months')
    // Walk day by day to the local date one month on, at the same local time.
    next = prev
    for (let i = 0; i < 32; i++) {
      next = nextLocalTime(next, tz, local.minutes)
      const p = localParts(next, tz).date
      if (p.y === target.y && p.m === target.m && p.d === target.d) break
    }
  }
  if (next && s.endAt && next > s.endAt) return null
  return next
}

/** Runs every enabled schedule due at `now` (the 'flows.schedules' job); returns the runs created. */
export async function runDueFlowSchedules(now: Date): Promise<number> {
  const due = await db.flowSchedule.findMany({ where: { enabled: true, nextRunAt: { lte: now } }, orderBy: { nextRunAt: 'asc' }, take: 100 })
  let entered = 0
  for (const s of due) {
    const at = s.nextRunAt!
    entered += await enterScheduled(s.companyId, s.flowId, at)
    const next = s.frequency === 'once' ? null : nextOccurrence(s, at)
    // Only if nobody moved the schedule meanwhile (an edit, another worker).
    await db.flowSchedule.updateMany({ where: { id: s.id, companyId: s.companyId, nextRunAt: at }, data: { lastRunAt: at, nextRunAt: next } })
  }
  return entered
}

/** The earliest pending schedule time (for booking the next 'flows.schedules' job). */
export async function nextScheduleAt(): Promise<Date | null> {
  const s = await db.flowSchedule.findFirst({ where: { enabled: true, nextRunAt: { not: null } }, orderBy: { nextRunAt: 'asc' }, select: { nextRunAt: true } })
  return s?.nextRunAt ?? null
}
