import { ajax } from '@/lib/http/ajax'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { db } from '@/lib/db/client'
import { findCompanyProfile } from '@/lib/profile-view/get-profile-detail'
import { listProfileEvents } from '@/lib/profile-view/list-profile-events'
import { listProfileEventsQuery, profileIdParam } from '@/lib/profile-view/profile-params'

// GET /ajax/profile/{id}/events – the activity timeline, newest first (cursor, metric_id, page_size)
export const GET = ajax({
  resources: ['profile_read'],
  query: listProfileEventsQuery,
  handler: async ({ ctx, params, query }) => {
    const companyId = ctx.principal.companyId
    const id = profileIdParam(params)
    if (!(await findCompanyProfile(companyId, id))) throw notFound('Profile not found.')
    if (
      query.metric_id &&
      !(await db.metric.findFirst({ where: { id: query.metric_id, companyId }, select: { id: true } }))
    ) {
      throw badRequest('Please correct the highlighted fields.', { metric_id: ['Unknown metric.'] })
    }
    return listProfileEvents(companyId, id, {
      cursor: query.cursor,
      metricId: query.metric_id,
      pageSize: query.page_size,
    })
  },
})
