import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { listGroupsPage } from '@/lib/api/groups/list-groups-page'
import { serializeList } from '@/lib/api/serialize-group'
import { createList } from '@/lib/groups/create-list'
import { getGroupRow } from '@/lib/groups/get-group'
import { LIST } from '@/lib/groups/group-view'

const createListApiBody = z.object({
  data: z.object({
    type: z.literal('list'),
    attributes: z.object({
      name: z.string().trim().min(1, 'A list name is required.').max(255),
      opt_in_process: z.enum(['single_opt_in', 'double_opt_in']).nullable().optional(),
    }),
  }),
})

// GET /api/lists – the account's lists, 10 per page
export const GET = apiRoute({
  scopes: ['lists:read'],
  rate: 'L',
  handler: ({ ctx }) => listGroupsPage(ctx.companyId, ctx.url, LIST),
})

// POST /api/lists – creates a list (201)
export const POST = apiRoute({
  scopes: ['lists:write'],
  rate: 'M',
  body: createListApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const view = await createList(ctx.companyId, {
      name: a.name,
      ...(a.opt_in_process ? { optInProcess: a.opt_in_process } : {}),
    })
    const data = serializeList(ctx.url, await getGroupRow(ctx.companyId, view.id, LIST))
    return { data, links: { self: data.links.self } }
  },
})
