// POST /onsite/forms/coupon?company_id={publicKey} – the unique coupon code a form's success step
// shows, assigned once per form and profile (lib/onsite/forms/assign-form-coupon.ts). 404 when
// the form version is not live for this company or has no unique coupon block.
import { z } from 'zod'
import { ApiError } from '@/lib/api/api-error'
import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { assignFormCoupon } from '@/lib/onsite/forms/assign-form-coupon'

const body = z.object({
  form_id: z.string().min(1).max(64),
  form_version_id: z.number().int().positive().max(2_147_483_647),
  email: z.string().max(320).nullable().optional(),
  phone_number: z.string().max(32).nullable().optional(),
})

export const POST = clientRoute({
  rate: { burst: 10, steady: 150 },
  body,
  maxBodyBytes: 4096,
  handler: async ({ ctx, body: b }) => {
    const got = await assignFormCoupon(ctx.companyId, {
      formId: b.form_id,
      formVersionId: b.form_version_id,
      email: b.email,
      phoneNumber: b.phone_number,
    })
    if (!got) throw new ApiError(404, 'not_found', 'This form version is not live or shows no unique coupon.')
    return { data: { code: got.code } }
  },
})

// OPTIONS /onsite/forms/coupon – CORS preflight
export const OPTIONS = clientPreflight
