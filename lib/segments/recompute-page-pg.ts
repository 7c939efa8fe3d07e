// One page of a segment recompute on PostgreSQL (issue 22 §2), as ONE statement: the compiled
// predicate's matches are inserted as members (INSERT … SELECT, a former member's row revived
// by ON CONFLICT … DO UPDATE WHERE it had left, so RETURNING gives exactly the joiners), the
// members it no longer matches are ended by an anti-join UPDATE (RETURNING the leavers), and
// both sets are written to the change history, all from one snapshot. Nothing travels to
// JavaScript but the joiners and leavers, which the group-entry consumers (segment-triggered
// flows) need. SQLite keeps the diff in recompute-segment.ts (one in-process writer).
import { kysely } from '@/lib/db/kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { groupEntryConsumers } from './group-entry-consumers'
import { sql, type Frag } from './sql-fragment'

export function* recomputePagePgOps(
  companyId: number,
  groupId: string,
  pred: Frag,
  lo: string,
  hi: string | null,
  at: Date,
): Ops<{ entered: string[]; left: string[] }> {
  const k = kysely()
  const when = dbDate(at)
  const inPage = (col: Frag) => (hi === null ? sql`${col} >= ${lo}` : sql`${col} >= ${lo} AND ${col} < ${hi}`)
  const rows = yield* select<{ kind: 'entered' | 'left'; profileId: string }>(
    sql`WITH matched AS MATERIALIZED (
        SELECT p."id" FROM "Profile" p WHERE p."companyId" = ${companyId} AND ${inPage(sql`p."id"`)} AND ${pred}
      ), joined AS (
        INSERT INTO "GroupMembership" AS gm ("companyId", "groupId", "profileId", "source", "enteredAt")
        SELECT CAST(${companyId} AS integer), CAST(${groupId} AS text), m."id", 'segment', CAST(${when} AS timestamp(3)) FROM matched m ORDER BY m."id"
        ON CONFLICT ("groupId", "profileId") DO UPDATE
          SET "leftAt" = NULL, "enteredAt" = excluded."enteredAt", "source" = excluded."source"
          WHERE gm."leftAt" IS NOT NULL
        RETURNING gm."profileId"
      ), gone AS (
        UPDATE "GroupMembership" gm SET "leftAt" = CAST(${when} AS timestamp(3))
        WHERE gm."groupId" = ${groupId} AND gm."leftAt" IS NULL AND ${inPage(sql`gm."profileId"`)}
          AND NOT EXISTS (SELECT 1 FROM matched m WHERE m."id" = gm."profileId")
        RETURNING gm."profileId"
      ), changes AS (
        SELECT CAST('entered' AS text) AS kind, "profileId" FROM joined UNION ALL SELECT 'left', "profileId" FROM gone
      ), history AS (
        INSERT INTO "GroupMembershipChange" ("companyId", "groupId", "profileId", "kind", "at")
        SELECT CAST(${companyId} AS integer), CAST(${groupId} AS text), c."profileId", c.kind, CAST(${when} AS timestamp(3)) FROM changes c
      )
      SELECT kind, "profileId" FROM changes`.compile(k),
  )
  const entered = rows.filter((r) => r.kind === 'entered').map((r) => r.profileId)
  const left = rows.filter((r) => r.kind === 'left').map((r) => r.profileId)
  if (entered.length || left.length)
    yield* exec(
      sql`UPDATE "Group" SET "memberCount" = GREATEST("memberCount" + ${entered.length - left.length}, 0)
        WHERE "id" = ${groupId} AND "companyId" = ${companyId}`.compile(k),
    )
  // Segment-triggered flows: entered in this transaction, as enterGroupOps does.
  if (entered.length)
    for (const consumer of groupEntryConsumers()) yield* consumer.entered(companyId, groupId, entered, at)
  return { entered, left }
}
