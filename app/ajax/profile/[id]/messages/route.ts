import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { findCompanyProfile } from '@/lib/profile-view/get-profile-detail'
import { profileMessages } from '@/lib/profile-view/profile-pages'
import { profileIdParam } from '@/lib/profile-view/profile-params'

const query = z.object({
  cursor: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|[0-9A-Za-z_-]{1,64}$/, 'Invalid cursor.')
      .optional(),
  ),
})

// GET /ajax/profile/{id}/messages?cursor= – campaign, flow and transactional messages to the profile, newest first
export const GET = ajax({
  resources: ['profile_read'],
  query,
  handler: async ({ ctx, params, query }) => {
    const id = profileIdParam(params)
    if (!(await findCompanyProfile(ctx.principal.companyId, id))) throw notFound('Profile not found.')
    return profileMessages(ctx.principal.companyId, id, query.cursor)
  },
})
