// The shared runner of import jobs: rows are written in chunks, each chunk in one transaction
// together with the job's progress (completedCount, failedCount, errors). The counts are
// therefore also the cursor: a job re-run after a crash resumes after the last committed
// chunk, and re-running a row is harmless anyway (profile upserts, unique memberships).
import type Database from 'better-sqlite3'
import { prep, rolledBack, sqlDate, writeTx } from '@/lib/db/sqlite'
import { AppError } from '@/lib/http/app-error'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import type { ImportError } from './import-types'

type Conn = Database.Database
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
  const ms = typeof v === 'number' ? v : Date.parse(String(v))
  return Number.isFinite(ms) ? ms : 0
}

export function loadImportSync(conn: Conn, companyId: number, id: string): ImportState | null {
  const r = prep('SELECT * FROM ImportJob WHERE companyId = ? AND id = ?', conn).get(companyId, id) as Record<string, unknown> | undefined
  if (!r) return null
  return {
    id, companyId, status: String(r.status), listIds: JSON.parse(String(r.listIds || '[]')), completedCount: Number(r.completedCount),
    failedCount: Number(r.failedCount), errors: JSON.parse(String(r.errors || '[]')), input: String(r.input),
    acceptedAt: epochMs(r.createdAt),
  }
}

/** One row's outcome: the profile it wrote, or its problems. */
export type RowOutcome = { profileId: string } | { errors: ImportError[] }

/**
 * Runs `rowFn` for rows [done, total) in chunks; rowFn runs inside a savepoint, so a row
 * that throws leaves nothing behind and is reported (AppError field errors kept per field).
 */
export async function runImport(
  state: ImportState,
  total: number,
  rowFn: (conn: Conn, index: number) => RowOutcome | null,
  lineOf: (index: number) => number,
): Promise<void> {
  const { companyId, id } = state
  if (state.status === 'complete' || state.status === 'cancelled') return
  await writeTx((conn) =>
    prep("UPDATE ImportJob SET status = 'processing', startedAt = COALESCE(startedAt, ?) WHERE companyId = ? AND id = ?", conn).run(
      sqlDate(), companyId, id,
    ),
  )
  let next = state.completedCount + state.failedCount
  while (next < total) {
    const from = next
    const to = Math.min(total, from + IMPORT_CHUNK)
    const profileIds = await writeTx((conn) => {
      const cur = loadImportSync(conn, companyId, id)
      if (!cur || cur.completedCount + cur.failedCount !== from) return null // another run got here first
      const row = conn.transaction((i: number) => rowFn(conn, i))
      let ok = 0
      let failed = 0
      const errors = cur.errors
      const ids: string[] = []
      for (let i = from; i < to; i++) {
        let out: RowOutcome | null
        try {
          out = row(i)
        } catch (e) {
          if (e instanceof AppError && e.status === 404) throw e // the list is gone: the job fails
          out = { errors: rowErrors(e, lineOf(i)) }
        }
        if (!out) continue
        if ('profileId' in out) {
          ok++
          ids.push(out.profileId)
        } else {
          failed++
          if (errors.length < 10_000) errors.push(...out.errors)
        }
      }
      if (failed) rolledBack() // row savepoints were undone
      prep('UPDATE ImportJob SET completedCount = completedCount + ?, failedCount = failedCount + ?, errors = ? WHERE companyId = ? AND id = ?', conn).run(
        ok, failed, JSON.stringify(errors), companyId, id,
      )
      return ids
    })
    if (profileIds === null) return
    // Imports create profiles: `created` also checks segments a blank profile can match.
    if (profileIds.length) await reevaluateProfiles(companyId, profileIds, { profileChanged: true, created: true, listIds: state.listIds })
    next = to
    await new Promise((r) => setImmediate(r)) // let requests and other jobs run between chunks
  }
  await writeTx((conn) =>
    prep("UPDATE ImportJob SET status = 'complete', completedAt = ? WHERE companyId = ? AND id = ? AND status = 'processing'", conn).run(
      sqlDate(), companyId, id,
    ),
  )
}

export async function markImportFailed(companyId: number, id: string, message: string) {
  await writeTx((conn) => {
    const cur = loadImportSync(conn, companyId, id)
    if (!cur) return
    cur.errors.push({ line: 0, message })
    prep("UPDATE ImportJob SET status = 'failed', completedAt = ?, errors = ? WHERE companyId = ? AND id = ?", conn).run(
      sqlDate(), JSON.stringify(cur.errors), companyId, id,
    )
  })
}

export function rowErrors(e: unknown, line: number): ImportError[] {
  if (e instanceof AppError && e.fieldErrors && Object.keys(e.fieldErrors).length) {
    return Object.entries(e.fieldErrors).flatMap(([field, msgs]) => msgs.map((message) => ({ line, field, message })))
  }
  return [{ line, message: e instanceof Error ? e.message : String(e) }]
}

