// Live membership: after an event or a profile change, the segments the change can affect are
// evaluated for just those profiles (`p.id IN (…)`) and entering/leaving is applied at once.
// Runs inside the event worker, so it must stay in the low milliseconds: one set-based query per
// affected segment and batch of ids, whatever the hint (see ReevaluateHint for its meaning).
import { prep, sqlDate, writeTx } from '@/lib/db/sqlite'
import { compileDefinition } from './compile-definition'
import { activeSegments, segmentScopes, type ReevaluateHint } from './active-segments'
import { syncMembers } from './apply-membership'
import { nowDate, nowSeconds } from './clock'
import { companyTimeZone } from './company-time-zone'

const BATCH = 500

const validIds = (ids: unknown[]) => ids.filter((id): id is string => typeof id === 'string' && id !== '')

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
  const compiled = scopes.map((x) => ({ id: x.segment.id, only: x.only, pred: compileDefinition(x.segment.definition, opts) }))
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH)
    await writeTx((conn) => {
      for (const s of compiled) {
        const mine = s.only ? batch.filter((id) => s.only!.has(id)) : batch
        if (!mine.length) continue
        // Driven by the id list (CROSS JOIN fixes the order): with `p.id IN (…)` the planner
        // walked every profile of the company through the companyId index.
        const matched = prep(`SELECT p.id FROM json_each(?) j CROSS JOIN Profile p ON p.id = j.value WHERE p.companyId = ? AND ${s.pred.sql}`, conn)
          .pluck().all(JSON.stringify(mine), companyId, ...s.pred.params) as string[]
        syncMembers(conn, companyId, s.id, mine, matched, at, 'segment')
      }
    })
  }
}
