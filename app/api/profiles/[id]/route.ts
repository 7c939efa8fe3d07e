import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { profileAttributes, profileMeta, toPatchProperties, toProfileInput } from '@/lib/api/profile-body'
import { profileDocument } from '@/lib/api/profiles/profile-document'
import { getProfile } from '@/lib/profiles/get-profile'
import { upsertProfile } from '@/lib/profiles/upsert-profile'

const updateProfileBody = z.object({
  data: z.object({
    type: z.literal('profile'),
    id: z.string().min(1),
    attributes: profileAttributes,
    meta: profileMeta.nullable().optional(),
  }),
})

// GET /api/profiles/{id} – one profile of the account
export const GET = apiRoute({
  scopes: ['profiles:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const profile = await getProfile(ctx.companyId, params.id!)
    if (!profile) throw apiNotFound(`A profile with id ${params.id} was not found.`)
    return profileDocument(ctx.companyId, ctx.url, profile)
  },
})

// PATCH /api/profiles/{id} – updates a profile (null clears a field; patch_properties)
export const PATCH = apiRoute({
  scopes: ['profiles:write'],
  rate: 'L',
  body: updateProfileBody,
  maxBodyBytes: 100 * 1024,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    if (!(await getProfile(ctx.companyId, params.id)))
      throw apiNotFound(`A profile with id ${params.id} was not found.`)
    const { profile } = await upsertProfile(ctx.companyId, toProfileInput(body.data.attributes), {
      mode: 'update',
      id: params.id,
      source: 'api',
      patchProperties: toPatchProperties(body.data.meta),
    })
    return profileDocument(ctx.companyId, ctx.url, profile)
  },
})
