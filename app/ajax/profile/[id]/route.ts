import { ajax } from '@/lib/http/ajax'
import { AppError, notFound } from '@/lib/errors/app-error'
import { getProfileDetail } from '@/lib/profile-view/get-profile-detail'
import { profileIdParam } from '@/lib/profile-view/profile-params'
import { updateProfileFromUi, readUpdateProfileBody } from '@/lib/profile-view/update-profile-from-ui'

// GET /ajax/profile/{id} – the profile page: identity, properties, consent, suppressions, lists and segments
export const GET = ajax({
  resources: ['profile_read'],
  handler: async ({ ctx, params }) => {
    const detail = await getProfileDetail(ctx.principal.companyId, profileIdParam(params))
    if (!detail) throw notFound('Profile not found.')
    return detail
  },
})

// PATCH /ajax/profile/{id} – edit identity fields and custom properties (upsertProfile, mode update)
export const PATCH = ajax({
  resources: ['profile_write'],
  handler: async ({ ctx, params }) => {
    const id = profileIdParam(params)
    const body = await readUpdateProfileBody(ctx.req)
    const detail = await updateProfileFromUi(ctx.principal.companyId, id, body)
    if (!detail) throw new AppError('not_found', 404, 'Profile not found.')
    return detail
  },
})
