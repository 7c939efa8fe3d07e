// Coupon-code bulk create jobs (/api/coupon-code-bulk-create-jobs): up to 1,000 codes per job and
// 100 queued or processing jobs per account. The job 'coupons.bulk-create' adds the entries in
// order, a chunk per transaction with the job's counters, so a re-run after a crash resumes at
// the first entry not yet counted. A bad entry (unknown coupon, bad or repeated code) is
// reported with its index and the others are applied.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { enqueue, PermanentJobError, registerJobHandler, type JobContext } from '@/lib/jobs/queue'
import { CouponError, rearmLowBalance, validateCode } from './store'

export const BULK_CREATE_JOB = 'coupons.bulk-create'
export const MAX_CODES_PER_JOB = 1000
export const MAX_QUEUED_JOBS = 100
const CHUNK = 100
const JOB_TTL_MS = 7 * 24 * 3600 * 1000
const YEAR_MS = 365 * 24 * 3600 * 1000

export interface BulkEntry {
  unique_code: string
  expires_at?: string | null
  coupon_id: string
}
export interface BulkError {
  id: string
  code: string
  title: string
  detail: string
  source: { pointer: string }
}

export async function createBulkJob(companyId: number, entries: BulkEntry[], now = new Date()) {
  if (!entries.length) throw new CouponError(400, 'invalid', 'At least one coupon code is required.')
  if (entries.length > MAX_CODES_PER_JOB)
    throw new CouponError(400, 'invalid', `At most ${MAX_CODES_PER_JOB} coupon codes per job.`)
  const open = await db.couponCodeBulkJob.count({ where: { companyId, status: { in: ['queued', 'processing'] } } })
  if (open >= MAX_QUEUED_JOBS)
    throw new CouponError(
      429,
      'throttled',
      `At most ${MAX_QUEUED_JOBS} coupon code jobs may be queued at once; wait for some to finish.`,
    )
  const job = await db.couponCodeBulkJob.create({
    data: {
      id: ulid(),
      companyId,
      status: 'queued',
      totalCount: entries.length,
      entries: JSON.stringify(entries),
      createdAt: now,
    },
  })
  await enqueue(BULK_CREATE_JOB, { companyId, jobId: job.id }, { companyId, idempotencyKey: `coupon-bulk:${job.id}` })
  return job
}

const errorOf = (index: number, detail: string): BulkError => ({
  id: ulid(),
  code: 'invalid',
  title: 'Invalid input.',
  detail,
  source: { pointer: `/data/attributes/coupon-codes/data/${index}` },
})

export async function processBulkJob(companyId: number, jobId: string, now = new Date()): Promise<void> {
  const job = await db.couponCodeBulkJob.findFirst({ where: { companyId, id: jobId } })
  if (!job) throw new PermanentJobError(`Coupon code job ${jobId} not found.`)
  if (job.status === 'complete' || job.status === 'cancelled') return
  const entries = JSON.parse(job.entries) as BulkEntry[]
  if (job.status === 'queued')
    await db.couponCodeBulkJob.updateMany({
      where: { companyId, id: jobId, status: 'queued' },
      data: { status: 'processing' },
    })
  const couponIds = [...new Set(entries.map((e) => e.coupon_id))]
  const coupons = new Map(
    (await db.coupon.findMany({ where: { companyId, externalId: { in: couponIds } } })).map((c) => [c.externalId, c]),
  )
  for (;;) {
    const cur = (await db.couponCodeBulkJob.findFirst({ where: { companyId, id: jobId } }))!
    const start = cur.completedCount + cur.failedCount
    if (start >= entries.length) break
    const chunk = entries.slice(start, start + CHUNK)
    await db.$transaction(async (tx) => {
      const errors = JSON.parse(cur.errors) as BulkError[]
      const codeIds = JSON.parse(cur.codeIds) as string[]
      let ok = 0
      let failed = 0
      for (let k = 0; k < chunk.length; k++) {
        const e = chunk[k]!
        const index = start + k
        const coupon = coupons.get(e.coupon_id)
        const bad = !coupon ? `A coupon with id ${e.coupon_id} was not found.` : validateCode(e.unique_code)
        let expiresAt: Date | null = new Date(now.getTime() + YEAR_MS)
        if (!bad && e.expires_at) {
          expiresAt = new Date(e.expires_at)
          if (Number.isNaN(expiresAt.getTime())) {
            errors.push(errorOf(index, 'expires_at must be an ISO 8601 date-time.'))
            failed++
            continue
          }
        }
        if (bad) {
          errors.push(errorOf(index, bad))
          failed++
          continue
        }
        const exists = await tx.couponCode.findUnique({
          where: { companyId_couponId_code: { companyId, couponId: coupon!.id, code: e.unique_code } },
          select: { id: true },
        })
        if (exists) {
          errors.push(errorOf(index, `The code ${e.unique_code} already exists for coupon ${e.coupon_id}.`))
          failed++
          continue
        }
        const id = ulid()
        await tx.couponCode.create({ data: { id, companyId, couponId: coupon!.id, code: e.unique_code, expiresAt } })
        codeIds.push(id)
        ok++
      }
      const n = await tx.couponCodeBulkJob.updateMany({
        where: { companyId, id: jobId, completedCount: cur.completedCount, failedCount: cur.failedCount },
        data: {
          completedCount: cur.completedCount + ok,
          failedCount: cur.failedCount + failed,
          errors: JSON.stringify(errors),
          codeIds: JSON.stringify(codeIds),
        },
      })
      if (n.count !== 1) throw new Error('The coupon code job was advanced by another worker.')
    })
  }
  const done = new Date()
  await db.couponCodeBulkJob.updateMany({
    where: { companyId, id: jobId, status: { in: ['queued', 'processing'] } },
    data: { status: 'complete', completedAt: done, expiresAt: new Date(done.getTime() + JOB_TTL_MS) },
  })
  // new codes may lift a coupon above its low-balance threshold again
  for (const c of coupons.values()) await rearmLowBalance(companyId, c)
}

export function register(): void {
  registerJobHandler(BULK_CREATE_JOB, async (p: { companyId: number; jobId: string }, ctx: JobContext) => {
    if (!p || p.companyId !== ctx.companyId)
      throw new PermanentJobError('Coupon job payload does not match the job company.')
    await processBulkJob(p.companyId, p.jobId)
  })
}
