// The evaluations CSV through the downloads mechanism, as the other /ajax exports do (metrics):
// POST /ajax/flow/evaluations/{actionId}/export creates a Download and enqueues
// 'flows.evaluations-export'; the job writes the file in keyset pages (progress saved between
// pages for /ajax/worker/{id}/status); the file is GET /ajax/downloads/{id}/file.
import { db } from '@/lib/db/client'
import { read, select } from '@/lib/db/ops'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { toDate } from '@/lib/db/dialect'
import { actionOrThrow, csvLine, EVALUATION_CSV_HEADER, evaluationRowsAfter } from './evaluations-records'

export const EVALUATIONS_EXPORT_JOB = 'flows.evaluations-export'
export const EVALUATIONS_EXPORT_TYPE = 'flow_evaluations'
const CHUNK = 1000

export interface EvaluationsExportPayload {
  downloadId: number
  actionId: string
  status?: string
}

export async function startEvaluationsExport(
  companyId: number,
  userId: number | null,
  actionId: string,
  status?: string,
) {
  const { flow } = await actionOrThrow(companyId, actionId)
  const slug =
    flow.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'flow'
  const fileName = `${slug}-action-${actionId}-evaluations.csv`
  const download = await db.download.create({ data: { companyId, userId, type: EVALUATIONS_EXPORT_TYPE, fileName } })
  const payload: EvaluationsExportPayload = { downloadId: download.id, actionId, ...(status ? { status } : {}) }
  try {
    const jobId = await enqueue(EVALUATIONS_EXPORT_JOB, payload, {
      companyId,
      idempotencyKey: `${EVALUATIONS_EXPORT_JOB}:${download.id}`,
    })
    await db.download.update({ where: { id: download.id }, data: { jobId } })
    return { workerId: jobId, downloadId: download.id }
  } catch (e) {
    await db.download.delete({ where: { id: download.id } }).catch(() => {})
    throw e
  }
}

export async function writeEvaluationsExport(p: EvaluationsExportPayload, companyId: number | null): Promise<void> {
  const download = await db.download.findFirst({
    where: { id: p.downloadId, ...(companyId != null ? { companyId } : {}) },
  })
  if (!download) return
  await db.download.update({ where: { id: download.id }, data: { status: 'processing', rowCount: 0 } })
  const parts = [EVALUATION_CSV_HEADER]
  let after = 0
  let n = 0
  for (;;) {
    const rows = await read(select(evaluationRowsAfter(download.companyId, p.actionId, p.status, after, CHUNK)))
    for (const r of rows)
      parts.push(csvLine([r.id, r.profileId, r.email, r.phoneNumber, r.status, toDate(r.at)!.toISOString(), r.outcome]))
    n += rows.length
    if (rows.length < CHUNK) break
    after = Number(rows[rows.length - 1]!.id)
    await db.download.update({ where: { id: download.id }, data: { rowCount: n } })
  }
  await db.download.update({
    where: { id: download.id },
    data: { content: parts.join(''), rowCount: n, status: 'complete', completedAt: new Date() },
  })
}

export function register(): void {
  registerJobHandler(EVALUATIONS_EXPORT_JOB, (payload: EvaluationsExportPayload, ctx) =>
    writeEvaluationsExport(payload, ctx.companyId),
  )
}
