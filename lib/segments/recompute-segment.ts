// Full recompute of one segment: the computed member set is diffed against the kept membership
// in keyset pages of profile ids, each page one short write transaction of set-based SQL, so
// live event processing can interleave and the progress figure moves. Idempotent: a re-run
// finds nothing to change. On SQLite the page's matches and members are diffed here; on
// PostgreSQL one statement does it (recompute-page-pg.ts).
import { isBusy } from '@/lib/db/sqlite'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { notFound } from '@/lib/errors/app-error'
import { segmentDefinition, type SegmentDefinition } from './definition'
import { compileDefinition } from './compile-definition'
import { nowDate, nowSeconds } from './clock'
import { enterGroupOps, leaveGroupOps, refreshMemberCountOps } from './apply-membership'
import { companyTimeZone } from './company-time-zone'
import { sql, type Frag } from './sql-fragment'
import { recomputePagePgOps } from './recompute-page-pg'

// PostgreSQL writes a page in one statement under MVCC (readers never wait, only the changed
// membership rows are locked), so its pages are larger: fewer scans and round trips.
const chunkSize = () => (dbEngine() === 'postgresql' ? 100_000 : 25_000)

export interface RecomputeResult {
  entered: number
  left: number
  memberCount: number
  aborted?: boolean
}

function* segmentDefinitionText(companyId: number, groupId: string): Ops<string | null> {
  const row = yield* selectFirst(
    kysely()
      .selectFrom('Group')
      .select('definition')
      .where('id', '=', groupId)
      .where('companyId', '=', companyId)
      .where('type', '=', 1)
      .where('deletedAt', 'is', null),
  )
  return row?.definition ?? null
}

export async function recomputeSegment(
  companyId: number,
  groupId: string,
  onProgress?: (percent: number) => void | Promise<void>,
  opts: { markProcessing?: boolean; chunkSize?: number } = {},
): Promise<RecomputeResult> {
  const definitionText = await read(segmentDefinitionText(companyId, groupId))
  if (!definitionText) throw notFound('Segment not found.')
  try {
    return await recomputeDefinition(companyId, groupId, definitionText, onProgress, opts)
  } catch (e) {
    // A definition that cannot be parsed, compiled or evaluated fails the same way on every
    // try: the segment must not stay "processing" for ever. Busy is transient (the job retries).
    if (!isBusy(e)) {
      await inWriteTx(() =>
        exec(
          kysely()
            .updateTable('Group')
            .set({ isProcessing: false as never })
            .where('id', '=', groupId)
            .where('companyId', '=', companyId)
            .where('definition', '=', definitionText),
        ),
      )
    }
    throw e
  }
}

/** The first profile id of the page after the one starting at `lo` (null: it is the last page). */
function* nextPageStart(companyId: number, lo: string, size: number): Ops<string | null> {
  const row = yield* selectFirst(
    kysely()
      .selectFrom('Profile')
      .select('id')
      .where('companyId', '=', companyId)
      .where('id', '>=', lo)
      .orderBy('id')
      .limit(1)
      .offset(size),
  )
  return row?.id ?? null
}

/** One page [lo, hi): matched vs. kept members, entering and leaving applied. Null: the definition changed. */
function* recomputePage(
  companyId: number,
  groupId: string,
  definitionText: string,
  pred: Frag,
  lo: string,
  hi: string | null,
  at: Date,
  percent: number | null,
): Ops<{ e: number; l: number } | null> {
  const k = kysely()
  // The definition may have changed since we started: stop, the newer job takes over.
  const still = yield* selectFirst(
    k.selectFrom('Group').select('definition').where('id', '=', groupId).where('deletedAt', 'is', null),
  )
  if (still?.definition !== definitionText) return null
  if (dbEngine() === 'postgresql') {
    const { entered, left } = yield* recomputePagePgOps(companyId, groupId, pred, lo, hi, at)
    if (percent !== null)
      yield* exec(k.updateTable('Group').set({ processingPercent: percent }).where('id', '=', groupId))
    return { e: entered.length, l: left.length }
  }
  const range = hi === null ? sql`p."id" >= ${lo}` : sql`p."id" >= ${lo} AND p."id" < ${hi}`
  const matched = (yield* select<{ id: string }>(
    sql`SELECT p."id" AS "id" FROM "Profile" p WHERE p."companyId" = ${companyId} AND ${range} AND ${pred}`.compile(k),
  )).map((r) => r.id)
  let current = k
    .selectFrom('GroupMembership')
    .select('profileId')
    .where('groupId', '=', groupId)
    .where('leftAt', 'is', null)
    .where('profileId', '>=', lo)
  if (hi !== null) current = current.where('profileId', '<', hi)
  const members = new Set((yield* select(current)).map((r) => r.profileId))
  const want = new Set(matched)
  const entered = matched.filter((id) => !members.has(id))
  const left = [...members].filter((id) => !want.has(id))
  yield* enterGroupOps(companyId, groupId, entered, at, 'segment')
  yield* leaveGroupOps(companyId, groupId, left, at)
  if (percent !== null)
    yield* exec(k.updateTable('Group').set({ processingPercent: percent }).where('id', '=', groupId))
  return { e: entered.length, l: left.length }
}

async function recomputeDefinition(
  companyId: number,
  groupId: string,
  definitionText: string,
  onProgress: ((percent: number) => void | Promise<void>) | undefined,
  opts: { markProcessing?: boolean; chunkSize?: number },
): Promise<RecomputeResult> {
  const def: SegmentDefinition = segmentDefinition.parse(JSON.parse(definitionText))
  const pred = compileDefinition(def, { now: nowSeconds(), timeZone: await companyTimeZone(companyId) })
  const at = nowDate()
  const markProcessing = opts.markProcessing ?? true
  const size = Math.max(1, opts.chunkSize ?? chunkSize())
  const total = Number(
    (
      await read(
        selectFirst(
          kysely()
            .selectFrom('Profile')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('companyId', '=', companyId),
        ),
      )
    )?.n ?? 0,
  )
  const pages = Math.max(1, Math.ceil(total / size))
  let entered = 0
  let left = 0

  let lo = ''
  for (let i = 0; ; i++) {
    const hi = await read(nextPageStart(companyId, lo, size))
    const percent = Math.min(99, Math.floor(((i + 1) / pages) * 100))
    const changes = await inWriteTx(() =>
      recomputePage(companyId, groupId, definitionText, pred, lo, hi, at, markProcessing ? percent : null),
    )
    if (!changes) return { entered, left, memberCount: -1, aborted: true }
    entered += changes.e
    left += changes.l
    await onProgress?.(percent)
    if (hi === null) break
    lo = hi
  }

  const memberCount = await inWriteTx(function* () {
    const n = yield* refreshMemberCountOps(groupId)
    // Only the job for the current definition may declare the segment ready.
    yield* exec(
      kysely()
        .updateTable('Group')
        .set({ isProcessing: false as never, processingPercent: 100 })
        .where('id', '=', groupId)
        .where('definition', '=', definitionText),
    )
    return n
  })
  await onProgress?.(100)
  return { entered, left, memberCount }
}
