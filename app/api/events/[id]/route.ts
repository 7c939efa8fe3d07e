import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { serializeEvent } from '@/lib/api/serialize-metric'
import { db } from '@/lib/db/client'

// GET /api/events/{id} – one event of the account
export const GET = apiRoute({
  scopes: ['events:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const id = Number(params.id)
    const event = Number.isSafeInteger(id) ? await db.event.findFirst({ where: { id, companyId: ctx.companyId } }) : null
    if (!event) throw apiNotFound(`An event with id ${params.id} was not found.`)
    const data = serializeEvent(ctx.url, event)
    return { data, links: { self: data.links.self } }
  },
})
