// The evaluations activity report of a flow action (seed 002 §7.7, §9): the FlowStep rows of the
// action (profile, status, time, outcome), filtered by status, sorted by a column index (default
// index 2, the time, descending) and paged with start = (page - 1) * count; the CSV export; and
// approving or cancelling the waiting evaluations of a manual action, by ids or all, through the
// engine's approveStepOps / cancelStepOps (flows-common.md manual-approval protocol).
import { z } from 'zod'
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { inWriteTx, read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { approveStepOps, cancelStepOps } from '@/lib/flows/engine/manage-runs'
import { prepareFlowJobs, wakeFlowWorkers } from '@/lib/flows/engine/enter-flow'

export const STEP_STATUSES = ['done', 'skipped', 'waiting', 'approved', 'cancelled', 'failed', 'exited'] as const
/** The report's columns by index: 0 profile, 1 status, 2 time, 3 outcome. */
export const COLUMNS = ['profile', 'status', 'time', 'outcome'] as const
const SORT_COLUMNS = ['profileId', 'status', 'at', 'outcome'] as const
export const MAX_COUNT = 500

const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
export const recordsQuery = z.object({
  status: z.union([z.enum(STEP_STATUSES), z.literal('all'), z.literal('')]).optional(),
  start: z.coerce.number().int().min(0, 'start is 0 or more.').optional(),
  page: z.coerce.number().int().min(1, 'page is 1 or more.').optional(),
  count: z.coerce
    .number()
    .int()
    .min(1, 'count is 1 or more.')
    .max(MAX_COUNT, `count is at most ${MAX_COUNT}.`)
    .default(25),
  sortIndex: z.coerce
    .number()
    .int()
    .min(0)
    .max(COLUMNS.length - 1, `sortIndex is 0 to ${COLUMNS.length - 1}.`)
    .default(2),
  sortDesc: bool.default(true),
})
export type RecordsQuery = z.infer<typeof recordsQuery>

export const decideBody = z
  .object({
    ids: z.array(z.coerce.number().int().positive()).max(10_000).optional(),
    all: z.union([z.boolean(), z.literal('true')]).optional(),
  })
  .refine((b) => (b.ids && b.ids.length > 0) || b.all === true || b.all === 'true', {
    message: 'Send ids (evaluation ids) or all: true.',
    path: ['ids'],
  })

export async function actionOrThrow(companyId: number, actionId: string) {
  const action = await db.flowAction.findFirst({ where: { companyId, id: actionId } })
  if (!action) throw notFound(`A flow action with id ${actionId} was not found.`)
  const flow = await db.flow.findFirst({
    where: { companyId, id: action.flowId },
    select: { id: true, name: true, status: true },
  })
  if (!flow) throw notFound(`A flow action with id ${actionId} was not found.`)
  return { action, flow }
}

/** What the activity screen needs first: the action, its flow and the count per status. */
export async function evaluationsBootstrap(companyId: number, actionId: string) {
  const { action, flow } = await actionOrThrow(companyId, actionId)
  const rows = await db.flowStep.groupBy({ by: ['status'], where: { companyId, actionId }, _count: { _all: true } })
  const counts = Object.fromEntries(STEP_STATUSES.map((s) => [s, 0])) as Record<string, number>
  for (const r of rows) counts[r.status] = r._count._all
  return {
    action: { id: action.id, type: action.actionType, status: action.status },
    flow: { id: flow.id, name: flow.name, status: String(flow.status) },
    counts,
    total: Object.values(counts).reduce((s, n) => s + n, 0),
    columns: COLUMNS,
    statuses: STEP_STATUSES,
    defaultSort: { sortIndex: 2, sortDesc: true },
    canDecide: action.status === 'manual' || counts.waiting! > 0,
  }
}

function recordsBase(companyId: number, actionId: string, status: string | undefined) {
  let q = kysely()
    .selectFrom('FlowStep as s')
    .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 's.profileId').on('p.companyId', '=', companyId))
    .where('s.companyId', '=', companyId)
    .where('s.actionId', '=', actionId)
  if (status && status !== 'all') q = q.where('s.status', '=', status)
  return q
}

export interface EvaluationRecord {
  id: number
  runId: string
  profileId: string
  email: string | null
  phoneNumber: string | null
  status: string
  time: string
  outcome: string | null
  detail: unknown
}

export async function listEvaluations(companyId: number, actionId: string, q: RecordsQuery) {
  await actionOrThrow(companyId, actionId)
  const start = q.start ?? (q.page ? (q.page - 1) * q.count : 0)
  const base = recordsBase(companyId, actionId, q.status)
  const [{ n }] = (await read(select(base.select((eb) => eb.fn.countAll<number>().as('n'))))) as Array<{
    n: number | string
  }>
  const col = SORT_COLUMNS[q.sortIndex]!
  const dir = q.sortDesc ? 'desc' : 'asc'
  const rows = await read(
    select(
      base
        .select([
          's.id',
          's.runId',
          's.profileId',
          's.status',
          's.at',
          's.outcome',
          's.detail',
          'p.email',
          'p.phoneNumber',
        ])
        .orderBy(col === 'profileId' ? sql`coalesce(p.email, s."profileId")` : sql.ref(`s.${col}`), dir)
        .orderBy('s.id', dir)
        .limit(q.count)
        .offset(start),
    ),
  )
  const records: EvaluationRecord[] = rows.map((r) => ({
    id: Number(r.id),
    runId: r.runId,
    profileId: r.profileId,
    email: r.email ?? null,
    phoneNumber: r.phoneNumber ?? null,
    status: r.status,
    time: toDate(r.at)!.toISOString(),
    outcome: r.outcome ?? null,
    detail: r.detail ? safeJson(r.detail) : null,
  }))
  return { records, total: Number(n), start, count: q.count, sortIndex: q.sortIndex, sortDesc: q.sortDesc }
}

const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s)
  } catch {
    return s
  }
}

const csvCell = (v: unknown): string => {
  let s = v == null ? '' : String(v)
  // A cell a spreadsheet would run as a formula is quoted as text.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
export const csvLine = (cells: unknown[]): string => cells.map(csvCell).join(',') + '\r\n'
export const EVALUATION_CSV_HEADER = 'evaluation_id,profile_id,email,phone_number,status,time,outcome\r\n'

/** One keyset page of the export, in id order after `after`. */
export function evaluationRowsAfter(
  companyId: number,
  actionId: string,
  status: string | undefined,
  after: number,
  limit: number,
) {
  return recordsBase(companyId, actionId, status)
    .select(['s.id', 's.profileId', 's.status', 's.at', 's.outcome', 'p.email', 'p.phoneNumber'])
    .where('s.id', '>', after)
    .orderBy('s.id', 'asc')
    .limit(limit)
}

/**
 * The evaluations as CSV, streamed in keyset pages of 1,000 (never the whole report in memory):
 * id, profile id, email, phone, status, time, outcome.
 */
export async function exportEvaluationsCsv(
  companyId: number,
  actionId: string,
  status: string | undefined,
): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
  const { flow } = await actionOrThrow(companyId, actionId)
  const enc = new TextEncoder()
  let after = 0
  let headerSent = false
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(enc.encode(EVALUATION_CSV_HEADER))
        return
      }
      const rows = await read(select(evaluationRowsAfter(companyId, actionId, status, after, 1000)))
      if (!rows.length) {
        controller.close()
        return
      }
      after = Number(rows[rows.length - 1]!.id)
      controller.enqueue(
        enc.encode(
          rows
            .map((r) =>
              csvLine([r.id, r.profileId, r.email, r.phoneNumber, r.status, toDate(r.at)!.toISOString(), r.outcome]),
            )
            .join(''),
        ),
      )
    },
  })
  const slug =
    flow.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'flow'
  return { fileName: `${slug}-action-${actionId}-evaluations.csv`, stream }
}

/**
 * Approves or cancels waiting evaluations of an action (ids, or all waiting), 200 per
 * transaction; each through the engine's protocol (approve: step approved, run active and due
 * now; cancel: step cancelled, run on to the action's next, or completed). Then wakes the workers.
 */
export async function decideEvaluations(
  companyId: number,
  actionId: string,
  decision: 'approve' | 'cancel',
  body: z.infer<typeof decideBody>,
  now = new Date(),
) {
  await actionOrThrow(companyId, actionId)
  await prepareFlowJobs()
  const all = body.all === true || body.all === 'true'
  let pending: Array<{ id: number; runId: string }>
  if (all) {
    pending = await db.flowStep.findMany({
      where: { companyId, actionId, status: 'waiting' },
      select: { id: true, runId: true },
      orderBy: { id: 'asc' },
    })
  } else {
    const ids = [...new Set(body.ids!)]
    const found = await db.flowStep.findMany({
      where: { companyId, actionId, id: { in: ids } },
      select: { id: true, runId: true, status: true },
    })
    const missing = ids.filter((id) => !found.some((f) => f.id === id))
    if (missing.length)
      throw badRequest(`No evaluation of this action has id ${missing.slice(0, 5).join(', ')}.`, {
        ids: [`Unknown evaluation ids: ${missing.slice(0, 20).join(', ')}.`],
      })
    pending = found.filter((f) => f.status === 'waiting')
  }
  let changed = 0
  const op = decision === 'approve' ? approveStepOps : cancelStepOps
  for (let i = 0; i < pending.length; i += 200) {
    const chunk = pending.slice(i, i + 200)
    changed += await inWriteTx(function* () {
      let n = 0
      for (const s of chunk) if (yield* op(companyId, s.runId, actionId, now)) n++
      return n
    })
  }
  if (changed) wakeFlowWorkers()
  return {
    decision,
    requested: all ? pending.length : body.ids!.length,
    changed,
    skipped: (all ? pending.length : body.ids!.length) - changed,
  }
}
