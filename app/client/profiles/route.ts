import { z } from 'zod'
import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { profileAttributes, profileMeta, toPatchProperties, toProfileInput } from '@/lib/api/profile-body'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { resolveExchangeToken } from '@/lib/onsite/resolve-exchange'

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
    // _kx (our email links' exchange token) names the profile; the browser's anonymous id then merges into it.
    const kxProfile = body.data.id ? null : await resolveExchangeToken(ctx.companyId, body.data.attributes._kx)
    await upsertProfile(ctx.companyId, toProfileInput(body.data.attributes), {
      mode: 'client',
      id: body.data.id ?? kxProfile ?? undefined,
      source: 'client',
      patchProperties: toPatchProperties(body.data.meta),
    })
  },
})

// OPTIONS /client/profiles – CORS preflight
export const OPTIONS = clientPreflight
