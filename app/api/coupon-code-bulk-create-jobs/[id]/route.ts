import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound, invalidParam } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import { CODE_FIELDS, serializeCode } from '@/lib/coupons/api'
import { BULK_JOB_FIELDS, serializeBulkJob } from '@/lib/coupons/serialize-bulk-job'

// GET /api/coupon-code-bulk-create-jobs/{id} – status, counts, per-entry errors (include=coupon-codes)
export const GET = apiRoute({
  scopes: ['coupon-codes:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const job = await db.couponCodeBulkJob.findFirst({ where: { companyId: ctx.companyId, id: params.id! } })
    if (!job) throw apiNotFound(`A coupon code bulk create job with id ${params.id} was not found.`)
    const include = (ctx.url.searchParams.get('include') ?? '').split(',').filter(Boolean)
    for (const i of include)
      if (i !== 'coupon-codes') throw invalidParam('include', `"${i}" is not a valid include. Allowed: coupon-codes.`)
    const codeIds = JSON.parse(job.codeIds) as string[]
    const codes = codeIds.length
      ? await db.couponCode.findMany({
          where: { companyId: ctx.companyId, id: { in: codeIds } },
          orderBy: { id: 'asc' },
        })
      : []
    const coupons = new Map(
      (
        await db.coupon.findMany({
          where: { companyId: ctx.companyId, id: { in: [...new Set(codes.map((c) => c.couponId))] } },
        })
      ).map((c) => [c.id, c.externalId]),
    )
    const serialized = codes.map((c) =>
      serializeCode(ctx.url, c, coupons.get(c.couponId) ?? '', sparseFields(ctx.url, 'coupon-code', CODE_FIELDS)),
    )
    const data = serializeBulkJob(
      ctx.url,
      job,
      sparseFields(ctx.url, 'coupon-code-bulk-create-job', BULK_JOB_FIELDS),
      serialized.map((s) => s.id),
    )
    return { data, links: { self: data.links.self }, ...(include.length ? { included: serialized } : {}) }
  },
})
