import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { codesPage, parseExpiresAt, serializeCode } from '@/lib/coupons/api'
import { createCode } from '@/lib/coupons/store'

const createCodeBody = z.object({
  data: z.object({
    type: z.literal('coupon-code'),
    attributes: z.object({
      unique_code: z.string().min(1, 'unique_code is required.'),
      expires_at: z.string().nullable().optional(),
    }),
    relationships: z.object({
      coupon: z.object({ data: z.object({ type: z.literal('coupon'), id: z.string().min(1) }) }),
    }),
  }),
})

// GET /api/coupon-codes – needs a coupon.id or profile.id filter
export const GET = apiRoute({
  scopes: ['coupon-codes:read'],
  rate: 'L',
  handler: ({ ctx }) => codesPage(ctx.companyId, ctx.url),
})

// POST /api/coupon-codes – adds one code to a coupon (200, as the reference says); id `{coupon_id}-{unique_code}`
export const POST = apiRoute({
  scopes: ['coupon-codes:write'],
  rate: 'M',
  body: createCodeBody,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const expiresAt = parseExpiresAt(a.expires_at, '/data/attributes/expires_at')
    const { code, coupon } = await createCode(ctx.companyId, body.data.relationships.coupon.data.id, {
      code: a.unique_code,
      expiresAt,
    })
    const data = serializeCode(ctx.url, code, coupon.externalId)
    return { data, links: { self: data.links.self } }
  },
})
