import { ajax, z } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { findCompanyProfile } from '@/lib/profile-view/get-profile-detail'
import { profileIdParam } from '@/lib/profile-view/profile-params'
import { profileObjects } from '@/lib/custom-objects/profile-objects'

// GET /ajax/profile/{id}/objects?key= – the profile's custom object records, per type or of one type
export const GET = ajax({
  resources: ['profile_read'],
  query: z.object({ key: z.string().max(60).optional() }),
  handler: async ({ ctx, params, query }) => {
    const id = profileIdParam(params)
    if (!(await findCompanyProfile(ctx.principal.companyId, id))) throw notFound('Profile not found.')
    const out = await profileObjects(ctx.principal.companyId, id, query.key)
    if (!out) throw notFound('Object not found.')
    return out
  },
})
