import { apiRoute } from '@/lib/api/api-route'
import { profileLinkIds, typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-types/{id}/relationships/profile-object-types – the profile link, when the type has one
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!)
    return { data: profileLinkIds(t, 'profile-object-type'), links: { self: ctx.url.toString() } }
  },
})
