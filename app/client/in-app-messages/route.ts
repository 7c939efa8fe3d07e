import { z } from 'zod'
import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { invalidParam } from '@/lib/api/api-error'
import { inAppMessagesFor } from '@/lib/mobile/serve-in-app'

const refQuery = z.object({
  email: z.string().trim().max(320).optional(),
  phone_number: z.string().trim().max(32).optional(),
  external_id: z.string().trim().max(200).optional(),
  anonymous_id: z.string().trim().max(200).optional(),
})

// GET /client/in-app-messages – the live in-app messages the mobile SDK should show this profile (by one identifier)
export const GET = clientRoute({
  rate: 'L',
  handler: async ({ ctx }) => {
    const q = refQuery.safeParse(Object.fromEntries(ctx.url.searchParams))
    if (!q.success) throw invalidParam(String(q.error.issues[0]!.path[0]), q.error.issues[0]!.message)
    const r = q.data
    if (!r.email && !r.phone_number && !r.external_id && !r.anonymous_id)
      throw invalidParam('email', 'Identify the profile by email, phone_number, external_id or anonymous_id.')
    const messages = await inAppMessagesFor(ctx.companyId, {
      email: r.email,
      phoneNumber: r.phone_number,
      externalId: r.external_id,
      anonymousId: r.anonymous_id,
    })
    return {
      data: messages.map(({ id, ...attributes }) => ({ type: 'in-app-message', id, attributes })),
    }
  },
})

// OPTIONS /client/in-app-messages – CORS preflight
export const OPTIONS = clientPreflight
