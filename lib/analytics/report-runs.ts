// A report run is a row (ReportRun) and a job: POST creates the row and queues the job, GET
// polls the row's status and progress, so no request waits on a large report. A small report
// (few events in its range) is also run inline by the request, which then answers complete;
// the job finds the row no longer queued and does nothing. Whoever moves the row from queued to
// running runs it, so the request and the worker never both do.
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { AppError, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { reportDefinition, type ReportDefinition } from './report-definition'
import { resolveSource } from './report-sources'
import { underField } from './field-prefix'
import { runReport, type ReportResult } from './run-report'

export const REPORT_RUN_JOB = 'analytics.report-run'
/** Below this many source events a run completes inside the request that asked for it. */
export const INLINE_EVENT_LIMIT = 200_000

export type RunTrigger = 'manual' | 'schedule' | 'api'

export interface ReportRunView {
  id: string
  reportId: string | null
  status: 'queued' | 'running' | 'complete' | 'failed'
  progress: number
  definition: ReportDefinition
  result: ReportResult | null
  error: string | null
  trigger: string
  createdAt: Date
  startedAt: Date | null
  finishedAt: Date | null
}

type RunRow = NonNullable<Awaited<ReturnType<typeof db.reportRun.findFirst>>>

export function toRunView(r: RunRow, withResult = true): ReportRunView {
  return {
    id: r.id,
    reportId: r.reportId,
    status: r.status as ReportRunView['status'],
    progress: r.progress,
    definition: JSON.parse(r.definition) as ReportDefinition,
    result: withResult && r.result ? (JSON.parse(r.result) as ReportResult) : null,
    error: r.error,
    trigger: r.trigger,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  }
}

/** Whether the source has fewer events in the last two years than the inline limit (one bounded index count). */
async function isSmall(companyId: number, def: ReportDefinition, now: Date): Promise<boolean> {
  const { parts } = await resolveSource(companyId, def.source)
  const since = Math.floor(now.getTime() / 1000) - 2 * 366 * 86_400
  let n = 0
  for (const p of parts) {
    const inner = kysely()
      .selectFrom('Event')
      .select(sql`1`.as('x'))
      .where('companyId', '=', companyId)
      .where('metricId', '=', p.metricId)
      .where('ts', '>=', since)
      .limit(INLINE_EVENT_LIMIT + 1)
    const r = await read(
      selectFirst(
        kysely()
          .selectFrom(inner.as('s'))
          .select((eb) => eb.fn.countAll().as('n')),
      ),
    )
    n += Number(r?.n ?? 0)
    if (n > INLINE_EVENT_LIMIT) return false
  }
  return true
}

export async function createReportRun(
  companyId: number,
  input: {
    definition: unknown
    reportId?: string | null
    userId?: number | null
    trigger?: RunTrigger
    inline?: 'auto' | 'never' | 'always'
  },
  now = new Date(),
): Promise<ReportRunView> {
  const definition = reportDefinition.parse(input.definition)
  // Checked before the row exists, so an unknown metric is a 400 and not a failed run.
  await underField('definition', () => resolveSource(companyId, definition.source))
  const id = ulid(now.getTime())
  await db.reportRun.create({
    data: {
      id,
      companyId,
      reportId: input.reportId ?? null,
      definition: JSON.stringify(definition),
      trigger: input.trigger ?? 'manual',
      createdById: input.userId ?? null,
      createdAt: now,
    },
  })
  const mode = input.inline ?? 'auto'
  if (mode === 'always' || (mode === 'auto' && (await isSmall(companyId, definition, now))))
    await executeReportRun(companyId, id, now)
  else await enqueue(REPORT_RUN_JOB, { runId: id, now: now.toISOString() }, { companyId })
  return getReportRun(companyId, id)
}

export async function getReportRun(companyId: number, id: string): Promise<ReportRunView> {
  const r = await db.reportRun.findFirst({ where: { companyId, id } })
  if (!r) throw notFound('This report run does not exist.')
  return toRunView(r)
}

/** Runs a queued run to its end (complete or failed); a run someone else claimed is left alone. */
export async function executeReportRun(companyId: number, id: string, now = new Date()): Promise<void> {
  const claimed = await db.reportRun.updateMany({
    where: { companyId, id, status: 'queued' },
    data: { status: 'running', startedAt: new Date(), progress: 1 },
  })
  if (!claimed.count) return
  const row = (await db.reportRun.findFirst({ where: { companyId, id } }))!
  try {
    const result = await runReport(companyId, reportDefinition.parse(JSON.parse(row.definition)), {
      now,
      onProgress: async (progress) => {
        await db.reportRun.updateMany({ where: { companyId, id }, data: { progress } })
      },
    })
    await db.reportRun.updateMany({
      where: { companyId, id },
      data: { status: 'complete', progress: 100, result: JSON.stringify(result), finishedAt: new Date() },
    })
  } catch (e) {
    const message = e instanceof AppError ? e.message : 'The report could not be run.'
    await db.reportRun.updateMany({
      where: { companyId, id },
      data: { status: 'failed', error: message, finishedAt: new Date() },
    })
    if (!(e instanceof AppError)) throw e
  }
}

/** A saved report's runs, newest first (its history page); results left out. */
export async function listReportRuns(companyId: number, reportId: string, limit = 50): Promise<ReportRunView[]> {
  const rows = await db.reportRun.findMany({
    where: { companyId, reportId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  })
  return rows.map((r) => toRunView(r, false))
}

export function register(): void {
  registerJobHandler(REPORT_RUN_JOB, async (payload: { runId?: string; now?: string }, ctx) => {
    if (ctx.companyId == null || !payload?.runId) return
    await executeReportRun(ctx.companyId, payload.runId, payload.now ? new Date(payload.now) : new Date())
  })
}
