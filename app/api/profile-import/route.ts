import { z } from 'zod'
import { apiRoute, ApiResult } from '@/lib/api/api-route'
import { profileAttributes, profileMeta, toPatchProperties, toProfileInput } from '@/lib/api/profile-body'
import { profileDocument } from '@/lib/api/profiles/profile-document'
import { upsertProfile } from '@/lib/profiles/upsert-profile'

const importProfileBody = z.object({
  data: z.object({
    type: z.literal('profile'),
    id: z.string().min(1).nullable().optional(),
    attributes: profileAttributes,
    meta: profileMeta.nullable().optional(),
  }),
})

// POST /api/profile-import – creates (201) or updates (200) the profile its identifiers find
export const POST = apiRoute({
  scopes: ['profiles:write'],
  rate: 'L',
  body: importProfileBody,
  maxBodyBytes: 100 * 1024,
  handler: async ({ ctx, body }) => {
    const { profile, created } = await upsertProfile(ctx.companyId, toProfileInput(body.data.attributes), {
      mode: 'import',
      id: body.data.id ?? undefined,
      source: 'api',
      patchProperties: toPatchProperties(body.data.meta),
    })
    return new ApiResult(created ? 201 : 200, await profileDocument(ctx.companyId, ctx.url, profile))
  },
})
