import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { serializeEvent, serializeMetric, METRIC_FIELDS } from '@/lib/api/serialize-metric'
import { PROFILE_FIELDS, serializeProfile } from '@/lib/api/serialize-profile'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { checkEventIncludeScopes } from '@/lib/api/events/check-include-scopes'
import { attributionsOf, attributionsRelationship, serializeAttribution } from '@/lib/api/events/attributions'
import { db } from '@/lib/db/client'

// GET /api/events/{id} – one event of the account; include attributions, metric, profile
export const GET = apiRoute({
  scopes: ['events:read'],
  rate: 'M',
  intParams: ['id'],
  handler: async ({ ctx, params }) => {
    checkEventIncludeScopes(ctx)
    const include = enumList(ctx.url, 'include', ['attributions', 'metric', 'profile'] as const)
    const event = await db.event.findFirst({ where: { id: Number(params.id), companyId: ctx.companyId } })
    if (!event) throw apiNotFound(`An event with id ${params.id} was not found.`)
    let data = serializeEvent(ctx.url, event)
    const included: unknown[] = []
    if (include.includes('attributions')) {
      const a = (await attributionsOf(ctx.companyId, [event.id])).get(event.id)
      data = {
        ...data,
        relationships: { ...data.relationships, attributions: attributionsRelationship(ctx.url, data.id, a) },
      } as typeof data
      if (a) included.push(serializeAttribution(ctx.url, a))
    }
    if (include.includes('metric')) {
      const m = await db.metric.findFirst({ where: { companyId: ctx.companyId, id: event.metricId } })
      if (m) included.push(serializeMetric(ctx.url, m, sparseFields(ctx.url, 'metric', METRIC_FIELDS)))
    }
    if (include.includes('profile')) {
      const p = await db.profile.findFirst({ where: { companyId: ctx.companyId, id: event.profileId } })
      if (p) included.push(serializeProfile(ctx.url, p, { fields: sparseFields(ctx.url, 'profile', PROFILE_FIELDS) }))
    }
    return { data, links: { self: data.links.self }, ...(include.length ? { included } : {}) }
  },
})
