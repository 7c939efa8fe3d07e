// Live membership: after an event or a profile change, the segments the change can affect are
// evaluated for just those profiles (`p.id IN (…)`) and entering/leaving is applied at once.
// Runs inside the event worker, so it must stay in the low milliseconds: one set-based query per
// affected segment and batch of ids, whatever the hint (see ReevaluateHint for its meaning).
//
// Isolation: the profile write that triggered this is already committed, so one segment that
// cannot be evaluated (a definition that no longer compiles, a query or write that fails) must
// not fail it or the other segments. Each segment is compiled on its own and applied in its own
// savepoint: a failure rolls back that segment's changes only, is reported, and its membership
// is left as it was (the next recompute of that segment brings it in line). A busy database is
// not a segment's fault: it still fails the whole call, so writeTx and the job queue retry it.
import { isBusy, prep, rolledBack, sqlDate, writeTx } from '@/lib/db/sqlite'
import { reportError } from '@/lib/errors/reporter'
import { compileDefinition } from './compile-definition'
import { activeSegments, segmentScopes, type ReevaluateHint } from './active-segments'
import { syncMembers } from './apply-membership'
import { nowDate, nowSeconds } from './clock'
import { companyTimeZone } from './company-time-zone'
import type { Frag } from './sql-fragment'

const BATCH = 500

const validIds = (ids: unknown[]) => ids.filter((id): id is string => typeof id === 'string' && id !== '')

function segmentFailed(companyId: number, segmentId: string, error: unknown): void {
  reportError({ error, route: 'segments.live', extra: { companyId, groupId: segmentId } })
}

/** No hint: every active segment is evaluated for every profile (the safe default). */
export async function reevaluateProfiles(companyId: number, profileIds: string[], hint?: ReevaluateHint): Promise<void> {
  // Ids named only by the hint's `created` / `all` lists are evaluated too.
  const named = [hint?.created, hint?.all].flatMap((v) => (Array.isArray(v) ? v : []))
  const ids = [...new Set(validIds([...profileIds, ...named]))]
  if (!ids.length) return
  const scopes = segmentScopes(activeSegments(companyId), hint)
  if (!scopes.length) return
  const opts = { now: nowSeconds(), timeZone: companyTimeZone(companyId) }
  const at = sqlDate(nowDate())
  const compiled: Array<{ id: string; only: Set<string> | null; pred: Frag }> = []
  for (const x of scopes) {
    try {
      compiled.push({ id: x.segment.id, only: x.only, pred: compileDefinition(x.segment.definition, opts) })
    } catch (e) {
      segmentFailed(companyId, x.segment.id, e)
    }
  }
  const failed = new Set<string>()
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH)
    const failedHere: Array<[string, unknown]> = []
    await writeTx((conn) => {
      failedHere.length = 0
      for (const s of compiled) {
        if (failed.has(s.id)) continue
        const mine = s.only ? batch.filter((id) => s.only!.has(id)) : batch
        if (!mine.length) continue
        try {
          // Nested in writeTx's transaction, this is a savepoint: all of this segment or nothing.
          conn.transaction(() => {
            // Driven by the id list (CROSS JOIN fixes the order): with `p.id IN (…)` the planner
            // walked every profile of the company through the companyId index.
            const matched = prep(`SELECT p.id FROM json_each(?) j CROSS JOIN Profile p ON p.id = j.value WHERE p.companyId = ? AND ${s.pred.sql}`, conn)
              .pluck().all(JSON.stringify(mine), companyId, ...s.pred.params) as string[]
            syncMembers(conn, companyId, s.id, mine, matched, at, 'segment')
          })()
        } catch (e) {
          if (isBusy(e)) throw e
          rolledBack()
          failedHere.push([s.id, e])
        }
      }
    })
    // Reported once the transaction has committed (a busy retry runs the closure again).
    for (const [id, e] of failedHere) {
      failed.add(id)
      segmentFailed(companyId, id, e)
    }
  }
}
