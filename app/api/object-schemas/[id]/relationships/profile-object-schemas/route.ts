import { apiRoute } from '@/lib/api/api-route'
import { invalidPointer } from '@/lib/api/api-error'
import { profileLinkIds, typeOr404 } from '@/lib/custom-objects/api/extra-parts'
import { profileSchemaRelBody } from '@/lib/custom-objects/api/bodies'
import { updateObjectType } from '@/lib/custom-objects/object-types'

// /api/object-schemas/{id}/relationships/profile-object-schemas – the schema's link to profiles
// (id "profile"). The identifier path comes from the source mapping's relationship_mappings, so
// adding the link needs one there; deleting it unlinks the type (its records keep their profile).
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!, 'An object schema')
    return { data: profileLinkIds(t, 'profile-object-schema'), links: { self: ctx.url.toString() } }
  },
})

const link = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: profileSchemaRelBody,
  status: 204,
  handler: async ({ ctx, params, body }) => {
    const t = await typeOr404(ctx.companyId, params.id!, 'An object schema')
    if (body.data.length > 0 && !t.profileIdType)
      throw invalidPointer(
        '/data',
        "Set the profile identifier path in the source mapping's relationship_mappings first (PATCH /api/source-mappings/{id}).",
      )
  },
})
export const POST = link
export const PATCH = link

export const DELETE = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: profileSchemaRelBody,
  status: 204,
  handler: async ({ ctx, params, body }) => {
    const t = await typeOr404(ctx.companyId, params.id!, 'An object schema')
    if (body.data.some((d) => d.id === 'profile'))
      await updateObjectType(ctx.companyId, t.id, { profileIdType: null, profilePath: null })
  },
})
