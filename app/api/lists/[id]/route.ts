import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { LIST_FIELDS, serializeList } from '@/lib/api/serialize-group'
import { deleteGroups } from '@/lib/groups/delete-groups'
import { findGroupRow } from '@/lib/groups/get-group'
import { LIST } from '@/lib/groups/group-view'
import { updateGroup } from '@/lib/groups/update-group'

const updateListApiBody = z.object({
  data: z.object({
    type: z.literal('list'),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string().trim().min(1, 'A list name cannot be empty.').max(255).nullable().optional(),
      opt_in_process: z.enum(['single_opt_in', 'double_opt_in']).nullable().optional(),
    }),
  }),
})

async function listOr404(companyId: number, id: string) {
  const g = await findGroupRow(companyId, id)
  if (!g || g.type !== LIST) throw apiNotFound(`A list with id ${id} was not found.`)
  return g
}

// GET /api/lists/{id} – one list (additional-fields[list]=profile_count)
export const GET = apiRoute({
  scopes: ['lists:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const g = await listOr404(ctx.companyId, params.id!)
    const additional = enumList(ctx.url, 'additional-fields[list]', ['profile_count'] as const)
    const data = serializeList(ctx.url, g, {
      fields: sparseFields(ctx.url, 'list', LIST_FIELDS),
      profileCount: additional.includes('profile_count'),
    })
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/lists/{id} – renames a list or changes its opt-in process
export const PATCH = apiRoute({
  scopes: ['lists:write'],
  rate: 'M',
  body: updateListApiBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    await listOr404(ctx.companyId, params.id)
    const a = body.data.attributes
    await updateGroup(ctx.companyId, params.id, {
      ...(a.name ? { name: a.name } : {}),
      ...(a.opt_in_process ? { optInProcess: a.opt_in_process } : {}),
    })
    const data = serializeList(ctx.url, await listOr404(ctx.companyId, params.id))
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/lists/{id} – deletes a list (204)
export const DELETE = apiRoute({
  scopes: ['lists:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await listOr404(ctx.companyId, params.id!)
    await deleteGroups(ctx.companyId, [params.id!])
  },
})
