import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { findCompanyProfile } from '@/lib/profile-view/get-profile-detail'
import { profileMetrics } from '@/lib/profile-view/profile-pages'
import { profileIdParam } from '@/lib/profile-view/profile-params'

// GET /ajax/profile/{id}/metrics – the profile's events per metric: count, value, first and last
export const GET = ajax({
  resources: ['profile_read'],
  handler: async ({ ctx, params }) => {
    const id = profileIdParam(params)
    if (!(await findCompanyProfile(ctx.principal.companyId, id))) throw notFound('Profile not found.')
    return { metrics: await profileMetrics(ctx.principal.companyId, id) }
  },
})
