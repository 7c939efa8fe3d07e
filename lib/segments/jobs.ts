// The segment engine's background work: recompute after a definition change, the periodic
// refresh of time-relative segments (large list exports are lib/groups/jobs.ts).
import { reportError } from '@/lib/errors/reporter'
import { registerJobHandler, PermanentJobError } from '@/lib/jobs/queue'
import { AppError } from '@/lib/errors/app-error'
import { isBusy } from '@/lib/db/sqlite'
import { db } from '@/lib/db/client'
import { recomputeSegment } from './recompute-segment'
import { isTimeRelative, segmentDefinition } from './definition'
import { scheduleTimeRefresh } from './schedule-recompute'

// Idempotent: recompute diffs the computed set against the kept membership, so a re-run
// after a crash converges to the same members; a deleted segment is simply skipped.
async function recompute(payload: { groupId?: string }, ctx: { companyId: number | null }): Promise<void> {
  if (!payload?.groupId || ctx.companyId == null)
    throw new PermanentJobError('segments.recompute needs a groupId and a companyId')
  try {
    await recomputeSegment(ctx.companyId, payload.groupId)
    // Keeps the periodic refresh alive for "in the last N days" segments (one job per slot).
    const text =
      (
        await db.group.findFirst({
          where: { id: payload.groupId, companyId: ctx.companyId },
          select: { definition: true },
        })
      )?.definition ?? null
    const parsed = text ? segmentDefinition.safeParse(safeJson(text)) : null
    if (parsed?.success && isTimeRelative(parsed.data)) await scheduleTimeRefresh()
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return
    if (isBusy(e)) throw e
    // The definition itself cannot be computed: retrying gives the same answer. recomputeSegment
    // has already taken the segment out of "processing"; the error is kept for the operator.
    reportError({
      error: e,
      route: 'segments.recompute',
      extra: { companyId: ctx.companyId, groupId: payload.groupId },
    })
    throw new PermanentJobError(
      `Segment ${payload.groupId} cannot be computed: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Recomputes every "in the last N days" segment, then books the next slot if any remain. */
export async function refreshTimeRelativeSegments(): Promise<number> {
  const rows = await db.group.findMany({
    where: { type: 1, deletedAt: null, isActive: true, definition: { not: null } },
    select: { id: true, companyId: true, definition: true },
  })
  let n = 0
  for (const r of rows) {
    const parsed = segmentDefinition.safeParse(safeJson(r.definition ?? ''))
    if (!parsed.success || !isTimeRelative(parsed.data)) continue
    // One account's broken segment must not stop the refresh (and the next booking) for all.
    await recomputeSegment(r.companyId, r.id, undefined, { markProcessing: false }).catch((e) => {
      if (!(e instanceof AppError && e.status === 404))
        reportError({ error: e, route: 'segments.refresh-time', extra: { companyId: r.companyId, groupId: r.id } })
    })
    n++
  }
  if (n > 0) await scheduleTimeRefresh()
  return n
}

export function register(): void {
  registerJobHandler('segments.recompute', recompute)
  registerJobHandler('segments.refresh-time', async () => {
    await refreshTimeRelativeSegments()
  })
}
