// Live membership: after an event or a profile change, the segments the change can affect are
// evaluated for just those profiles (`p.id IN (…)`) and entering/leaving is applied at once.
// Runs inside the event worker, so it must stay in the low milliseconds.
import { prep, sqlDate, writeTx } from '@/lib/db/sqlite'
import { compileDefinition } from './compile-definition'
import { activeSegments, affectedSegments, type ReevaluateHint } from './active-segments'
import { syncMembers } from './apply-membership'
import { nowDate, nowSeconds } from './clock'

const BATCH = 500

export async function reevaluateProfiles(companyId: number, profileIds: string[], hint?: ReevaluateHint): Promise<void> {
  const ids = [...new Set(profileIds.filter((id) => typeof id === 'string' && id))]
  if (!ids.length) return
  const segments = affectedSegments(activeSegments(companyId), hint)
  if (!segments.length) return
  const now = nowSeconds()
  const at = sqlDate(nowDate())
  const compiled = segments.map((s) => ({ id: s.id, pred: compileDefinition(s.definition, { now }) }))
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH)
    const json = JSON.stringify(batch)
    await writeTx((conn) => {
      for (const s of compiled) {
        const matched = prep(`SELECT p.id FROM Profile p WHERE p.companyId = ? AND p.id IN (SELECT value FROM json_each(?)) AND ${s.pred.sql}`, conn)
          .pluck().all(companyId, json, ...s.pred.params) as string[]
        syncMembers(conn, companyId, s.id, batch, matched, at, 'segment')
      }
    })
  }
}

