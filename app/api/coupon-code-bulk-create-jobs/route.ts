import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError, invalidParam } from '@/lib/api/api-error'
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { filterParam, pageSize, sparseFields, stringValues } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import { createBulkJob, MAX_CODES_PER_JOB } from '@/lib/coupons/bulk-jobs'
import { BULK_JOB_FIELDS, serializeBulkJob } from '@/lib/coupons/serialize-bulk-job'

const entry = z.object({
  type: z.literal('coupon-code'),
  attributes: z.object({ unique_code: z.string(), expires_at: z.string().nullable().optional() }),
  relationships: z.object({
    coupon: z.object({ data: z.object({ type: z.literal('coupon'), id: z.string().min(1) }) }),
  }),
})

const bulkBody = z.object({
  data: z.object({
    type: z.literal('coupon-code-bulk-create-job'),
    attributes: z.object({
      'coupon-codes': z.object({
        data: z
          .array(entry)
          .min(1, 'At least one coupon code is required.')
          .max(MAX_CODES_PER_JOB, `At most ${MAX_CODES_PER_JOB} coupon codes per job.`),
      }),
    }),
  }),
})

// GET /api/coupon-code-bulk-create-jobs – the account's jobs (filter status)
export const GET = apiRoute({
  scopes: ['coupon-codes:read'],
  rate: 'L',
  handler: async ({ ctx }) => {
    const conds = filterParam(ctx.url, { status: ['equals'] })
    const status = conds.length ? stringValues(conds[0]!.value, 'status')[0] : undefined
    if (status && !['cancelled', 'complete', 'processing', 'queued'].includes(status))
      throw invalidParam('filter', `"${status}" is not a valid status.`)
    const size = pageSize(ctx.url, { def: 100, max: 100 })
    const cur = decodeCursor(ctx.url.searchParams.get('page[cursor]'))
    const rows = await db.couponCodeBulkJob.findMany({
      where: {
        companyId: ctx.companyId,
        ...(status ? { status } : {}),
        ...(cur ? { id: { lt: String(cur[1]) } } : {}),
      },
      orderBy: { id: 'desc' },
      take: size + 1,
    })
    const page = rows.slice(0, size)
    const fields = sparseFields(ctx.url, 'coupon-code-bulk-create-job', BULK_JOB_FIELDS)
    return {
      data: page.map((j) => serializeBulkJob(ctx.url, j, fields)),
      links: {
        self: ctx.url.toString(),
        next: rows.length > size ? nextLink(ctx.url, encodeCursor([null, page[page.length - 1]!.id])) : null,
        prev: null,
      },
    }
  },
})

// POST /api/coupon-code-bulk-create-jobs – up to 1,000 codes (202 with the job)
export const POST = apiRoute({
  scopes: ['coupon-codes:write'],
  rate: 'M',
  body: bulkBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    const entries = body.data.attributes['coupon-codes'].data.map((e) => ({
      unique_code: e.attributes.unique_code,
      expires_at: e.attributes.expires_at ?? null,
      coupon_id: e.relationships.coupon.data.id,
    }))
    try {
      const job = await createBulkJob(ctx.companyId, entries)
      const data = serializeBulkJob(ctx.url, job)
      return { data, links: { self: data.links.self } }
    } catch (e) {
      if ((e as { status?: number }).status === 429) throw new ApiError(429, 'throttled', (e as Error).message)
      throw e
    }
  },
})
