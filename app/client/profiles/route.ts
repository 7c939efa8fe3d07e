import { z } from 'zod'
import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { profileAttributes, profileMeta, toPatchProperties, toProfileInput } from '@/lib/api/profile-body'
import { upsertProfile } from '@/lib/profiles/upsert-profile'

const clientProfileBody = z.object({
  data: z.object({
    type: z.literal('profile'),
    id: z.string().nullable().optional(),
    attributes: profileAttributes,
    meta: profileMeta.nullable().optional(),
  }),
})

// POST /client/profiles – a browser identifies or updates its visitor (202, no body)
export const POST = clientRoute({
  rate: 'XL',
  body: clientProfileBody,
  maxBodyBytes: 100 * 1024,
  status: 202,
  handler: async ({ ctx, body }) => {
    await upsertProfile(ctx.companyId, toProfileInput(body.data.attributes), {
      mode: 'client', id: body.data.id ?? undefined, source: 'client', patchProperties: toPatchProperties(body.data.meta),
    })
  },
})

// OPTIONS /client/profiles – CORS preflight
export const OPTIONS = clientPreflight
