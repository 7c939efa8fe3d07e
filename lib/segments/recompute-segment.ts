// Full recompute of one segment: the computed member set is diffed against the kept membership
// in chunks of profile ids, each chunk one short write transaction of set-based SQL (no row by
// row JS), so live event processing can interleave and the progress figure moves. Idempotent:
// a re-run finds nothing to change.
import { isBusy, prep, sqlDate, sqlite, writeOne, writeTx } from '@/lib/db/sqlite'
import { notFound } from '@/lib/http/app-error'
import { segmentDefinition, type SegmentDefinition } from './definition'
import { compileDefinition } from './compile-definition'
import { nowDate, nowSeconds } from './clock'
import { refreshMemberCount } from './apply-membership'
import { companyTimeZone } from './company-time-zone'

const CHUNK = 25_000

export interface RecomputeResult { entered: number; left: number; memberCount: number; aborted?: boolean }

/** Profile ids that start each chunk (the first chunk starts at ''). */
function chunkStarts(companyId: number, size: number): string[] {
  const ids = prep(`SELECT id FROM Profile WHERE companyId = ? ORDER BY id`).pluck().all(companyId) as string[]
  const starts = ['']
  for (let i = size; i < ids.length; i += size) starts.push(ids[i]!)
  return starts
}

export async function recomputeSegment(
  companyId: number,
  groupId: string,
  onProgress?: (percent: number) => void | Promise<void>,
  opts: { markProcessing?: boolean; chunkSize?: number } = {},
): Promise<RecomputeResult> {
  const row = prep(`SELECT definition FROM "Group" WHERE id = ? AND companyId = ? AND type = 1 AND deletedAt IS NULL`)
    .get(groupId, companyId) as { definition: string | null } | undefined
  if (!row?.definition) throw notFound('Segment not found.')
  const definitionText = row.definition
  try {
    return await recomputeDefinition(companyId, groupId, definitionText, onProgress, opts)
  } catch (e) {
    // A definition that cannot be parsed, compiled or evaluated fails the same way on every
    // try: the segment must not stay "processing" for ever. Busy is transient (the job retries).
    if (!isBusy(e)) {
      await writeOne((c) => prep(`UPDATE "Group" SET isProcessing = 0 WHERE id = ? AND companyId = ? AND definition = ?`, c)
        .run(groupId, companyId, definitionText))
    }
    throw e
  }
}

async function recomputeDefinition(
  companyId: number, groupId: string, definitionText: string,
  onProgress: ((percent: number) => void | Promise<void>) | undefined, opts: { markProcessing?: boolean; chunkSize?: number },
): Promise<RecomputeResult> {
  const def: SegmentDefinition = segmentDefinition.parse(JSON.parse(definitionText))
  const pred = compileDefinition(def, { now: nowSeconds(), timeZone: companyTimeZone(companyId) })
  const at = sqlDate(nowDate())
  const markProcessing = opts.markProcessing ?? true

  const conn = sqlite()
  conn.exec(`CREATE TEMP TABLE IF NOT EXISTS seg_match (profileId TEXT PRIMARY KEY)`)
  const starts = chunkStarts(companyId, Math.max(1, opts.chunkSize ?? CHUNK))
  let entered = 0
  let left = 0

  for (let i = 0; i < starts.length; i++) {
    const lo = starts[i]!
    const hi = starts[i + 1] ?? null
    const percent = Math.min(99, Math.floor(((i + 1) / starts.length) * 100))
    const changes = await writeTx((c) => {
      // The definition may have changed since we started: stop, the newer job takes over.
      const still = prep(`SELECT definition FROM "Group" WHERE id = ? AND deletedAt IS NULL`, c).pluck().get(groupId)
      if (still !== definitionText) return null
      const range = hi === null ? `p.id >= ?` : `p.id >= ? AND p.id < ?`
      const gmRange = hi === null ? `gm.profileId >= ?` : `gm.profileId >= ? AND gm.profileId < ?`
      const bounds = hi === null ? [lo] : [lo, hi]
      prep(`DELETE FROM temp.seg_match`, c).run()
      c.prepare(`INSERT INTO temp.seg_match (profileId) SELECT p.id FROM Profile p WHERE p.companyId = ? AND ${range} AND ${pred.sql}`)
        .run(companyId, ...bounds, ...pred.params)
      const e = prep(`INSERT INTO GroupMembershipChange (companyId, groupId, profileId, kind, at)
        SELECT ?, ?, m.profileId, 'entered', ? FROM temp.seg_match m
        WHERE NOT EXISTS (SELECT 1 FROM GroupMembership gm WHERE gm.groupId = ? AND gm.profileId = m.profileId AND gm.leftAt IS NULL)`, c)
        .run(companyId, groupId, at, groupId).changes
      const l = prep(`INSERT INTO GroupMembershipChange (companyId, groupId, profileId, kind, at)
        SELECT ?, ?, gm.profileId, 'left', ? FROM GroupMembership gm
        WHERE gm.groupId = ? AND gm.leftAt IS NULL AND ${gmRange} AND gm.profileId NOT IN (SELECT profileId FROM temp.seg_match)`, c)
        .run(companyId, groupId, at, groupId, ...bounds).changes
      if (l) {
        prep(`UPDATE GroupMembership AS gm SET leftAt = ? WHERE gm.groupId = ? AND gm.leftAt IS NULL AND ${gmRange}
          AND gm.profileId NOT IN (SELECT profileId FROM temp.seg_match)`, c).run(at, groupId, ...bounds)
      }
      if (e) {
        prep(`UPDATE GroupMembership SET leftAt = NULL, enteredAt = ?, source = 'segment'
          WHERE groupId = ? AND leftAt IS NOT NULL AND profileId IN (SELECT profileId FROM temp.seg_match)`, c).run(at, groupId)
        prep(`INSERT OR IGNORE INTO GroupMembership (companyId, groupId, profileId, source, enteredAt)
          SELECT ?, ?, profileId, 'segment', ? FROM temp.seg_match`, c).run(companyId, groupId, at)
      }
      if (markProcessing) prep(`UPDATE "Group" SET processingPercent = ? WHERE id = ?`, c).run(percent, groupId)
      prep(`DELETE FROM temp.seg_match`, c).run()
      return { e, l }
    })
    if (!changes) return { entered, left, memberCount: -1, aborted: true }
    entered += changes.e
    left += changes.l
    await onProgress?.(percent)
  }

  const memberCount = await writeTx((c) => {
    const n = refreshMemberCount(c, groupId)
    // Only the job for the current definition may declare the segment ready.
    prep(`UPDATE "Group" SET isProcessing = 0, processingPercent = 100 WHERE id = ? AND definition = ?`, c).run(groupId, definitionText)
    return n
  })
  await onProgress?.(100)
  return { entered, left, memberCount }
}
