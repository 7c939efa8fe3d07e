// The shared runner of import jobs: rows are written in chunks, each chunk in one transaction
// together with the job's progress (completedCount, failedCount, errors). The counts are
// therefore also the cursor: a job re-run after a crash resumes after the last committed
// chunk, and re-running a row is harmless anyway (profile upserts, unique memberships).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, savepoint, selectFirst, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { rolledBack } from '@/lib/db/sqlite'
import { AppError } from '@/lib/errors/app-error'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import type { ImportError } from './import-types'

export const IMPORT_CHUNK = 250

export interface ImportState {
  id: string
  companyId: number
  status: string
  listIds: string[]
  completedCount: number
  failedCount: number
  errors: ImportError[]
  input: string
  /** When the import was accepted (the job row's creation, epoch ms): its rows never replace
   *  profile attributes that a later write set, however long the job waits in the queue. */
  acceptedAt: number
}

function epochMs(v: unknown): number {
  const ms = typeof v === 'number' ? v : v instanceof Date ? v.getTime() : Date.parse(String(v))
  return Number.isFinite(ms) ? ms : 0
}

export function* loadImportOps(companyId: number, id: string): Ops<ImportState | null> {
  const r = yield* selectFirst(
    kysely().selectFrom('ImportJob').selectAll().where('companyId', '=', companyId).where('id', '=', id),
  )
  if (!r) return null
  return {
    id,
    companyId,
    status: String(r.status),
    listIds: JSON.parse(String(r.listIds || '[]')),
    completedCount: Number(r.completedCount),
    failedCount: Number(r.failedCount),
    errors: JSON.parse(String(r.errors || '[]')),
    input: String(r.input),
    acceptedAt: epochMs(r.createdAt),
  }
}

export const loadImport = (companyId: number, id: string): Promise<ImportState | null> =>
  read(loadImportOps(companyId, id))

/** One row's outcome: the profile it wrote (with the fields it had to leave out), or its problems. */
export type RowOutcome = { profileId: string; warnings?: ImportError[] } | { errors: ImportError[] }

/**
 * Runs `rowFn` for rows [done, total) in chunks; rowFn runs inside a savepoint, so a row
 * that throws leaves nothing behind and is reported (AppError field errors kept per field).
 */
export async function runImport(
  state: ImportState,
  total: number,
  rowFn: (index: number) => Ops<RowOutcome | null>,
  lineOf: (index: number) => number,
): Promise<void> {
  const { companyId, id } = state
  if (state.status === 'complete' || state.status === 'cancelled') return
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('ImportJob')
        .set({ status: 'processing', startedAt: sql`coalesce(${sql.ref('startedAt')}, ${dbDate()})` })
        .where('companyId', '=', companyId)
        .where('id', '=', id),
    ),
  )
  let next = state.completedCount + state.failedCount
  while (next < total) {
    const from = next
    const to = Math.min(total, from + IMPORT_CHUNK)
    const chunk = function* (): Ops<string[] | null> {
      const cur = yield* loadImportOps(companyId, id)
      if (!cur || cur.completedCount + cur.failedCount !== from) return null // another run got here first
      let ok = 0
      let failed = 0
      const errors = cur.errors
      const ids: string[] = []
      for (let i = from; i < to; i++) {
        let gone: unknown
        const out: RowOutcome | null = yield* savepoint(
          () => rowFn(i),
          (e): RowOutcome => {
            if (e instanceof AppError && e.status === 404) gone = e
            return { errors: rowErrors(e, lineOf(i)) }
          },
        )
        if (gone) throw gone // the list is gone: the job fails
        if (!out) continue
        if ('profileId' in out) {
          ok++
          ids.push(out.profileId)
          if (out.warnings?.length && errors.length < 10_000) errors.push(...out.warnings)
        } else {
          failed++
          if (errors.length < 10_000) errors.push(...out.errors)
        }
      }
      if (failed) rolledBack() // row savepoints were undone
      yield* exec(
        kysely()
          .updateTable('ImportJob')
          .set((eb) => ({
            completedCount: eb('completedCount', '+', ok),
            failedCount: eb('failedCount', '+', failed),
            errors: JSON.stringify(errors),
          }))
          .where('companyId', '=', companyId)
          .where('id', '=', id),
      )
      return ids
    }
    let profileIds: string[] | null
    try {
      profileIds = await inWriteTx(chunk)
    } catch (e) {
      rolledBack()
      throw e
    }
    if (profileIds === null) return
    // Imports create profiles: `created` also checks segments a blank profile can match.
    if (profileIds.length)
      await reevaluateProfiles(companyId, profileIds, { profileChanged: true, created: true, listIds: state.listIds })
    next = to
    await new Promise((r) => setImmediate(r)) // let requests and other jobs run between chunks
  }
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('ImportJob')
        .set({ status: 'complete', completedAt: dbDate() as never })
        .where('companyId', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 'processing'),
    ),
  )
}

export async function markImportFailed(companyId: number, id: string, message: string) {
  await inWriteTx(function* () {
    const cur = yield* loadImportOps(companyId, id)
    if (!cur) return
    cur.errors.push({ line: 0, message })
    yield* exec(
      kysely()
        .updateTable('ImportJob')
        .set({ status: 'failed', completedAt: dbDate() as never, errors: JSON.stringify(cur.errors) })
        .where('companyId', '=', companyId)
        .where('id', '=', id),
    )
  })
}

export function rowErrors(e: unknown, line: number): ImportError[] {
  if (e instanceof AppError && e.fieldErrors && Object.keys(e.fieldErrors).length) {
    return Object.entries(e.fieldErrors).flatMap(([field, msgs]) => msgs.map((message) => ({ line, field, message })))
  }
  return [{ line, message: e instanceof Error ? e.message : String(e) }]
}
